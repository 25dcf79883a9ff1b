import { BEFORE_HANDOVER } from "#contract/order-states.ts";
import {
  type AcquirerNotification,
  FAILED_STATUSES,
  PAID_STATUSES,
  REFUND_STATUSES,
} from "#server/domain/payments/acquirer.ts";
import { AppError } from "#server/errors.ts";
import { type OrdersContext, orderNotFound, type Repositories } from "./context.ts";
import { cancelOrder, settlePaid } from "./lifecycle.ts";
import type { OrderRow, PaymentRow } from "./repository.ts";

// The acquirer's word about a payment, applied (ADR 037, 043, 049): a verified notification, the GetState
// of the shopper's return, or the reconciliation job's. Idempotent: a repeated or late word changes nothing.

/** The acquirer's OrderId of a payment attempt: unique per terminal. */
export const acquirerOrderId = (order: Pick<OrderRow, "number">, attempt: number) =>
  `${order.number}-${attempt}`;

export type AcquirerState = { status: string; amount: number };
/** A word after which the page takes no more money: paid, declined, expired, cancelled, refunded. */
export const isFinal = (status: string) =>
  PAID_STATUSES.includes(status) || FAILED_STATUSES.includes(status) || REFUND_STATUSES.includes(status);

const isWholeRefund = (status: string) => status === "REFUNDED" || status === "REVERSED";

/**
 * How a payment being given back ended, by the acquirer's word; undefined while it has not (open, under way,
 * paid, partly refunded).
 */
export function endOfReturn(status: string): "cancelled" | "rejected" | "refunded" | undefined {
  if (status === "CANCELED") return "cancelled";
  if (FAILED_STATUSES.includes(status)) return "rejected";
  if (isWholeRefund(status)) return "refunded";
  return undefined;
}

/**
 * Applies an acquirer's refund of money that paid the order (its own refund or reversal, seen in a
 * notification or a GetState answer): a whole refund before the goods reached the shopper cancels the
 * order with everything it held given back; after that, or a partial refund, is recorded and listed for
 * an operator.
 */
async function applyRefundOfPaid(
  ctx: OrdersContext,
  repos: Repositories,
  order: OrderRow,
  payment: PaymentRow,
  word: string,
) {
  if (!isWholeRefund(word)) {
    await repos.orders.movePayment(payment.id, payment.status, "partially_refunded", {
      acquirerStatus: word,
    });
    await repos.orders.recordPaymentProblem({
      paymentId: payment.id,
      orderId: order.id,
      kind: "partial_refund",
      detail: `Эквайер сообщил о частичном возврате (${word}); сумму и состав заказа сверить в кабинете эквайера`,
    });
    ctx.logger.warn(
      { orderId: order.id, paymentId: payment.id, status: word },
      "partial refund at the acquirer",
    );
    return "partial" as const;
  }
  const refunded = payment.amount - payment.refundedAmount;
  await repos.orders.movePayment(payment.id, payment.status, "refunded", {
    acquirerStatus: word,
    refundedAmount: payment.amount,
  });
  const withRefund = await repos.orders.updateOrder(order.id, {
    refundedTotal: order.refundedTotal + refunded,
  });
  if (BEFORE_HANDOVER.includes(order.status)) {
    await cancelOrder(ctx, repos, withRefund, order.status, "refunded_by_acquirer");
    ctx.logger.warn(
      { orderId: order.id, paymentId: payment.id },
      "order cancelled: refunded at the acquirer",
    );
    return "cancelled" as const;
  }
  if (order.status !== "cancelled") {
    await repos.orders.recordPaymentProblem({
      paymentId: payment.id,
      orderId: order.id,
      kind: "refund_after_handover",
      detail: `Эквайер вернул всю сумму (${word}) после того, как заказ был ${order.status === "delivered" ? "получен" : "не забран"}`,
    });
  }
  return "recorded" as const;
}

/**
 * Applies what the acquirer says of one payment (a verified notification or a GetState answer).
 * Idempotent: a repeated or late word changes nothing. Money taken for an order that cannot take it
 * (cancelled meanwhile, paid by another attempt, another amount) is given back by the return job.
 */
export async function applyAcquirerState(
  ctx: OrdersContext,
  payment: PaymentRow,
  state: AcquirerState,
): Promise<"paid" | "failed" | "refund" | "unchanged" | "partial" | "cancelled" | "recorded"> {
  return ctx.work.transaction(async (repos) => {
    const order = await repos.orders.lockOrder(payment.orderId);
    const locked = await repos.orders.lockPayment(payment.id);
    if (!order || !locked) return "unchanged" as const;
    const word = state.status;
    // Being given back: ends only on the acquirer's word that it has.
    if (locked.status === "returning") {
      const ended = endOfReturn(word);
      if (ended) await repos.orders.movePayment(locked.id, "returning", ended, { acquirerStatus: word });
      return "unchanged" as const;
    }
    if (locked.status === "confirmed" || locked.status === "partially_refunded") {
      if (!REFUND_STATUSES.includes(word) || locked.acquirerStatus === word) return "unchanged" as const;
      // Our own refunds of cancelled parcels (ADR 054): their job records them on the acquirer's answer.
      if (await repos.refunds.anyFor(locked.id)) return "unchanged" as const;
      return applyRefundOfPaid(ctx, repos, order, locked, word);
    }
    // Money taken on a page we took as ended (closed, declined) belongs to no order: it goes back.
    if (PAID_STATUSES.includes(word) && (locked.status === "cancelled" || locked.status === "rejected")) {
      await repos.orders.returnPayment(locked.id, locked.status, word);
      return "refund" as const;
    }
    // Only an open payment moves on; an ended one (cancelled by us, declined, refunded) keeps its end.
    if (locked.status !== "new" && locked.status !== "pending") return "unchanged" as const;
    if (PAID_STATUSES.includes(word)) {
      await repos.orders.updatePayment(locked.id, { acquirerStatus: word });
      if (
        order.status === "awaiting_payment" &&
        state.amount === order.toPay &&
        locked.amount === order.toPay
      ) {
        await settlePaid(ctx, repos, order, locked);
        return "paid" as const;
      }
      // Paid, but the order cannot take it: cancelled meanwhile, paid by another attempt, or another sum.
      await repos.orders.returnPayment(locked.id, locked.status, word);
      ctx.logger.warn(
        { orderId: payment.orderId, paymentId: payment.id },
        "payment to be given back: the order could not take it",
      );
      return "refund" as const;
    }
    if (FAILED_STATUSES.includes(word)) {
      await repos.orders.movePayment(locked.id, locked.status, "rejected", { acquirerStatus: word });
      return "failed" as const;
    }
    if (isWholeRefund(word)) {
      // Taken and given back before we heard it was taken: nothing of it is ours.
      await repos.orders.movePayment(locked.id, locked.status, "refunded", {
        acquirerStatus: word,
        refundedAmount: locked.amount,
      });
      return "unchanged" as const;
    }
    await repos.orders.updatePayment(locked.id, { acquirerStatus: word });
    return "unchanged" as const;
  });
}

export function requireAcquirer(ctx: OrdersContext) {
  if (!ctx.options.acquirer) {
    throw new AppError("unavailable", "Оплата картой сейчас недоступна, попробуйте позже", {
      code: "acquirer_unavailable",
    });
  }
  return ctx.options.acquirer;
}

/** Asks the acquirer about a payment and applies the answer, if the answer is about this payment. */
export async function reconcile(ctx: OrdersContext, order: OrderRow, payment: PaymentRow) {
  const state = await requireAcquirer(ctx).getState(payment.externalId!);
  if (state.orderId !== acquirerOrderId(order, payment.attempt) || state.amount !== payment.amount) {
    ctx.logger.error({ orderId: order.id, paymentId: payment.id }, "GetState answered about another payment");
    return "unchanged" as const;
  }
  return applyAcquirerState(ctx, payment, state);
}

/**
 * A notification from the acquirer: verified (token, terminal), matched to our payment by its id and
 * OrderId, and its amount to the payment's. Anything else is refused and changes nothing.
 */
export async function acceptNotification(ctx: OrdersContext, body: unknown): Promise<void> {
  const note: AcquirerNotification | null = ctx.options.acquirer?.verifyNotification(body) ?? null;
  if (!note) {
    ctx.logger.warn({}, "payment notification refused: token or terminal does not verify");
    throw new AppError("forbidden", "Уведомление не прошло проверку подписи", {
      code: "payment_not_verified",
    });
  }
  const payment = await ctx.work.repositories.orders.paymentByExternalId(
    ctx.options.acquirer!.provider,
    note.paymentId,
  );
  const order = payment ? await ctx.work.repositories.orders.order(payment.orderId) : undefined;
  if (
    !payment ||
    !order ||
    acquirerOrderId(order, payment.attempt) !== note.orderId ||
    note.amount !== payment.amount
  ) {
    ctx.logger.warn(
      { paymentId: note.paymentId, status: note.status },
      "payment notification refused: no such payment or another amount",
    );
    throw new AppError("validation", "Уведомление не совпадает с платежом", {
      code: "payment_not_verified",
    });
  }
  const outcome = await applyAcquirerState(ctx, payment, note);
  ctx.logger.info({ orderId: order.id, status: note.status, outcome }, "payment notification");
}

/**
 * The return from the acquirer's page: asks the acquirer (`GetState`) about the order's latest
 * payment and applies the answer, so the page shows the real state even before the notification.
 */
export async function checkPayment(ctx: OrdersContext, userId: number, orderId: number) {
  const order = await ctx.work.repositories.orders.order(orderId, userId);
  if (!order) throw orderNotFound();
  if (order.status === "awaiting_payment" && ctx.options.acquirer) {
    const latest = (await ctx.work.repositories.orders.payments(order.id))
      .filter((p) => p.externalId && (p.status === "pending" || p.status === "new"))
      .at(-1);
    if (latest) await reconcile(ctx, order, latest);
  }
  const fresh = (await ctx.work.repositories.orders.order(orderId, userId))!;
  return {
    orderId: fresh.id,
    number: fresh.number,
    status: fresh.status,
    paid: fresh.status !== "awaiting_payment" && fresh.status !== "cancelled",
  };
}
