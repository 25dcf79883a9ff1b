import { BEFORE_HANDOVER } from "#contract/order-states.ts";
import type { StartPaymentResult } from "#contract/orders.ts";
import { bonusSpendError, maxBonusSpend } from "#contract/bonus-rules.ts";
import {
  type Acquirer,
  type AcquirerNotification,
  FAILED_STATUSES,
  PAID_STATUSES,
  PAYABLE_STATUSES,
  REFUND_STATUSES,
} from "#server/domain/payments/acquirer.ts";
import { AppError } from "#server/errors.ts";
import { type OrdersContext, orderNotFound, type Repositories } from "./context.ts";
import { cancelOrder, setOrderBonus, settlePaid } from "./lifecycle.ts";
import type { OrderRow, PaymentRow } from "./repository.ts";

// Paying an order at the acquirer (ADR 037, 042, 043, 049): one open page per order, the acquirer's word
// applied idempotently (notifications, GetState on return, the reconciliation job), and money the order
// cannot take given back by the durable `return-payment` job.

/** The acquirer's OrderId of a payment attempt: unique per terminal. */
export const acquirerOrderId = (order: Pick<OrderRow, "number">, attempt: number) =>
  `${order.number}-${attempt}`;

/**
 * How long a payment row in status `new` (its `Init` in flight) holds off other starts of the order: the
 * acquirer client's timeout (15 s) and a margin. Past it the Init is taken as lost.
 */
const INIT_LEASE_MS = 20_000;
/** How often a start waiting for another start's `Init` looks again. */
const INIT_POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type AcquirerState = { status: string; amount: number };
type Urls = { successUrl: string; failUrl: string; notificationUrl: string };

/** A word after which the page takes no more money: paid, declined, expired, cancelled, refunded. */
const isFinal = (status: string) =>
  PAID_STATUSES.includes(status) || FAILED_STATUSES.includes(status) || REFUND_STATUSES.includes(status);

const isWholeRefund = (status: string) => status === "REFUNDED" || status === "REVERSED";

/**
 * How a payment being given back ended, by the acquirer's word; undefined while it has not (open, under way,
 * paid, partly refunded).
 */
function endOfReturn(status: string): "cancelled" | "rejected" | "refunded" | undefined {
  if (status === "CANCELED") return "cancelled";
  if (FAILED_STATUSES.includes(status)) return "rejected";
  if (isWholeRefund(status)) return "refunded";
  return undefined;
}

const paymentUnderWay = () =>
  new AppError("conflict", "Предыдущая оплата ещё идёт — дождитесь её результата", {
    code: "payment_in_progress",
  });

type PaymentStep =
  | { kind: "wait" }
  | { kind: "paid" }
  | { kind: "open" | "close"; page: PaymentRow }
  | { kind: "init"; order: OrderRow; payment: PaymentRow };

export function createPaymentFlow(ctx: OrdersContext) {
  const { work, options, now, logger } = ctx;
  const repository = work.repositories.orders;

  /**
   * Applies an acquirer's refund of money that paid the order (its own refund or reversal, seen in a
   * notification or a GetState answer): a whole refund before the goods reached the shopper cancels the
   * order with everything it held given back; after that, or a partial refund, is recorded and listed for
   * an operator.
   */
  async function applyRefundOfPaid(repos: Repositories, order: OrderRow, payment: PaymentRow, word: string) {
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
      logger.warn(
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
      logger.warn({ orderId: order.id, paymentId: payment.id }, "order cancelled: refunded at the acquirer");
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
  async function applyAcquirerState(
    payment: PaymentRow,
    state: AcquirerState,
  ): Promise<"paid" | "failed" | "refund" | "unchanged" | "partial" | "cancelled" | "recorded"> {
    return work.transaction(async (repos) => {
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
        return applyRefundOfPaid(repos, order, locked, word);
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
        logger.warn(
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

  /**
   * What a payment start does next, decided under the order's lock (ADR 042): wait for another start's
   * `Init`, go to the page already open, close that page first, settle with points, or open a new page.
   * A new page's payment row (status `new` until its `Init` answers) is the lease other starts wait on.
   */
  async function nextPaymentStep(
    repos: Repositories,
    userId: number,
    orderId: number,
    input: { method: "card" | "sbp"; bonusPoints: number },
  ): Promise<PaymentStep> {
    const order = await repos.orders.lockOrder(orderId, userId);
    if (!order) throw orderNotFound();
    if (order.status !== "awaiting_payment") {
      throw new AppError(
        "conflict",
        order.status === "cancelled" ? "Заказ отменён: время на оплату вышло" : "Заказ уже оплачен",
        { code: "order_not_payable" },
      );
    }
    if (order.paymentDeadline.getTime() <= now().getTime()) {
      throw new AppError("conflict", "Время на оплату вышло — заказ будет отменён", {
        code: "order_not_payable",
      });
    }
    const { balance } = await repos.bonus.balance(userId);
    const spendError = bonusSpendError(
      input.bonusPoints,
      maxBonusSpend(order.goodsTotal, balance + order.bonusSpent),
    );
    if (spendError) {
      throw new AppError("validation", spendError, {
        code: "bonus_invalid",
        fields: [{ field: "body.bonusPoints", message: spendError }],
      });
    }
    const payments = await repos.orders.payments(order.id);
    for (const p of payments.filter((p) => p.status === "new")) {
      if (p.createdAt.getTime() > now().getTime() - INIT_LEASE_MS) return { kind: "wait" };
      // Its Init never answered within the acquirer's timeout (the process stopped): nobody was sent
      // to a page of it, so it is over.
      await repos.orders.movePayment(p.id, "new", "rejected");
    }
    const page = payments.find((p) => p.status === "pending" && p.externalId && p.paymentUrl);
    if (page) {
      const same =
        page.method === input.method && input.bonusPoints === order.bonusSpent && page.amount === order.toPay;
      return { kind: same ? "open" : "close", page };
    }
    const attempt = await repos.orders.nextPaymentAttempt(order.id);
    const updated = await setOrderBonus(repos, order, input.bonusPoints, `attempt-${attempt}`);
    if (updated.toPay === 0) {
      await repos.orders.insertPayment({
        orderId: order.id,
        attempt,
        provider: "points",
        method: "points",
        amount: 0,
        status: "confirmed",
      });
      await settlePaid(ctx, repos, updated, undefined);
      return { kind: "paid" };
    }
    const payment = await repos.orders.insertPayment({
      orderId: order.id,
      attempt,
      provider: options.acquirer?.provider ?? "tbank",
      method: input.method,
      amount: updated.toPay,
      status: "new",
      createdAt: now(),
    });
    return { kind: "init", order: updated, payment };
  }

  /** Registers the new page at the acquirer and sends the shopper there; a failed Init ends the row. */
  async function openPage(
    acquirer: Acquirer,
    step: Extract<PaymentStep, { kind: "init" }>,
    method: "card" | "sbp",
    urls: Urls,
  ): Promise<StartPaymentResult> {
    const { order, payment } = step;
    try {
      const init = await acquirer.init({
        orderId: acquirerOrderId(order, payment.attempt),
        amount: payment.amount,
        description: `Заказ ${order.number} в Витрине`,
        successUrl: urls.successUrl,
        failUrl: urls.failUrl,
        notificationUrl: urls.notificationUrl,
        method,
        customerKey: String(order.userId),
        dueDate: order.paymentDeadline,
      });
      await repository.movePayment(payment.id, "new", "pending", {
        externalId: init.paymentId,
        paymentUrl: init.paymentUrl,
        acquirerStatus: init.status,
      });
      logger.info({ orderId: order.id, attempt: payment.attempt }, "payment started");
      return { kind: "redirect", paymentUrl: init.paymentUrl };
    } catch (err) {
      await repository.movePayment(payment.id, "new", "rejected");
      throw err;
    }
  }

  /**
   * Applies the acquirer's final word on a page (paid, declined, refunded); "paid" when the order is paid
   * now, by this page or by another word that came first.
   */
  async function settleFromPage(page: PaymentRow, state: AcquirerState): Promise<"paid" | "closed"> {
    await applyAcquirerState(page, state);
    const order = await repository.order(page.orderId);
    return order && order.status !== "awaiting_payment" && order.status !== "cancelled" ? "paid" : "closed";
  }

  /** Records how a page we closed ended, unless another word about it came first. */
  async function recordClosed(page: PaymentRow, status: "cancelled" | "refunded", acquirerStatus: string) {
    await work.transaction(async (repos) => {
      const locked = await repos.orders.lockPayment(page.id);
      if (locked?.status === "new" || locked?.status === "pending") {
        await repos.orders.movePayment(page.id, locked.status, status, {
          acquirerStatus,
          ...(status === "refunded" ? { refundedAmount: locked.amount } : {}),
        });
      }
    });
  }

  /**
   * Closes the order's open page before another opens (ADR 042). Its state first: money already taken on
   * it pays the order, a payment under way on it (3-D Secure, authorising) is waited for, and only a page
   * nobody is paying on is cancelled. A Cancel answered as a refund (paid between the two calls) is
   * recorded as what it is: the money went back.
   */
  async function closePage(acquirer: Acquirer, page: PaymentRow): Promise<"paid" | "closed"> {
    const state = await acquirer.getState(page.externalId!);
    if (isFinal(state.status)) return settleFromPage(page, state);
    if (!PAYABLE_STATUSES.includes(state.status)) throw paymentUnderWay();
    let answer: Awaited<ReturnType<Acquirer["cancel"]>>;
    try {
      answer = await acquirer.cancel(page.externalId!);
    } catch (err) {
      // Refused: the page moved on meanwhile. What it moved to decides.
      const after = await acquirer.getState(page.externalId!);
      if (isFinal(after.status)) return settleFromPage(page, after);
      throw err;
    }
    if (answer.status === "CANCELED") {
      await recordClosed(page, "cancelled", answer.status);
      return "closed";
    }
    logger.warn(
      { orderId: page.orderId, paymentId: page.id, status: answer.status },
      "an earlier page was paid while it was being closed: its money went back",
    );
    await recordClosed(page, "refunded", answer.status);
    return "closed";
  }

  const requireAcquirer = () => {
    if (!options.acquirer) {
      throw new AppError("unavailable", "Оплата картой сейчас недоступна, попробуйте позже", {
        code: "acquirer_unavailable",
      });
    }
    return options.acquirer;
  };

  /** Asks the acquirer about a payment and applies the answer, if the answer is about this payment. */
  async function reconcile(order: OrderRow, payment: PaymentRow) {
    const state = await requireAcquirer().getState(payment.externalId!);
    if (state.orderId !== acquirerOrderId(order, payment.attempt) || state.amount !== payment.amount) {
      logger.error({ orderId: order.id, paymentId: payment.id }, "GetState answered about another payment");
      return "unchanged" as const;
    }
    return applyAcquirerState(payment, state);
  }

  return {
    applyAcquirerState,
    reconcile,

    /**
     * Starts paying an unpaid order: sets the points it spends (returning or spending the difference),
     * then either settles it at once (points cover everything) or answers an acquirer page. An order has
     * at most one open page (ADR 042): the same request again (a double tap, a second tab) gets the page
     * already open; another method or sum first closes that page at the acquirer, and a page whose money
     * was already taken settles the order instead of being cancelled. While another start's `Init` is in
     * flight, this one waits for it.
     */
    async startPayment(
      userId: number,
      orderId: number,
      input: { method: "card" | "sbp"; bonusPoints: number },
      urls: Urls,
    ): Promise<StartPaymentResult> {
      // Real time, whatever the service's clock: this bounds how long the shopper waits.
      const waitUntil = Date.now() + INIT_LEASE_MS + 2_000;
      // Each closed page ends a row, so a few rounds suffice; the bound only guards against a loop.
      for (let closed = 0; closed < 5; ) {
        const step = await work.transaction((repos) => nextPaymentStep(repos, userId, orderId, input));
        if (step.kind === "wait") {
          if (Date.now() > waitUntil) {
            throw new AppError("conflict", "Оплата уже открывается — попробуйте через несколько секунд", {
              code: "payment_in_progress",
            });
          }
          await sleep(INIT_POLL_MS);
          continue;
        }
        if (step.kind === "paid") {
          logger.info({ orderId, userId }, "order paid with points");
          return { kind: "paid", orderId };
        }
        const acquirer = requireAcquirer();
        if (step.kind === "init") return openPage(acquirer, step, input.method, urls);
        closed += 1;
        if (step.kind === "close") {
          if ((await closePage(acquirer, step.page)) === "paid") return { kind: "paid", orderId };
          continue;
        }
        // The same request again: the open page, while the acquirer still takes money on it.
        const state = await acquirer.getState(step.page.externalId!);
        if (!isFinal(state.status)) return { kind: "redirect", paymentUrl: step.page.paymentUrl! };
        if ((await settleFromPage(step.page, state)) === "paid") return { kind: "paid", orderId };
      }
      throw paymentUnderWay();
    },

    /**
     * A notification from the acquirer: verified (token, terminal), matched to our payment by its id and
     * OrderId, and its amount to the payment's. Anything else is refused and changes nothing.
     */
    async acceptNotification(body: unknown): Promise<void> {
      const note: AcquirerNotification | null = options.acquirer?.verifyNotification(body) ?? null;
      if (!note) {
        logger.warn({}, "payment notification refused: token or terminal does not verify");
        throw new AppError("forbidden", "Уведомление не прошло проверку подписи", {
          code: "payment_not_verified",
        });
      }
      const payment = await repository.paymentByExternalId(options.acquirer!.provider, note.paymentId);
      const order = payment ? await repository.order(payment.orderId) : undefined;
      if (
        !payment ||
        !order ||
        acquirerOrderId(order, payment.attempt) !== note.orderId ||
        note.amount !== payment.amount
      ) {
        logger.warn(
          { paymentId: note.paymentId, status: note.status },
          "payment notification refused: no such payment or another amount",
        );
        throw new AppError("validation", "Уведомление не совпадает с платежом", {
          code: "payment_not_verified",
        });
      }
      const outcome = await applyAcquirerState(payment, note);
      logger.info({ orderId: order.id, status: note.status, outcome }, "payment notification");
    },

    /**
     * The return from the acquirer's page: asks the acquirer (`GetState`) about the order's latest
     * payment and applies the answer, so the page shows the real state even before the notification.
     */
    async checkPayment(userId: number, orderId: number) {
      const order = await repository.order(orderId, userId);
      if (!order) throw orderNotFound();
      if (order.status === "awaiting_payment" && options.acquirer) {
        const latest = (await repository.payments(order.id))
          .filter((p) => p.externalId && (p.status === "pending" || p.status === "new"))
          .at(-1);
        if (latest) await reconcile(order, latest);
      }
      const fresh = (await repository.order(orderId, userId))!;
      return {
        orderId: fresh.id,
        number: fresh.number,
        status: fresh.status,
        paid: fresh.status !== "awaiting_payment" && fresh.status !== "cancelled",
      };
    },

    /**
     * The `return-payment` job (ADR 043): gives a payment the order cannot take back to the shopper
     * through the acquirer — its state first, then `Cancel` (an open page is called off, money taken is
     * refunded) — and records it `cancelled`, `rejected` or `refunded` only on the acquirer's word. A
     * failure is thrown for the job to retry; after the last attempt the payment is listed for an operator.
     */
    async returnPayment(paymentId: number, attempt: { last: boolean }): Promise<void> {
      const payment = await repository.payment(paymentId);
      if (payment?.status !== "returning") return;
      const acquirer = options.acquirer;
      try {
        if (!acquirer || !payment.externalId) throw new Error("no acquirer to give the payment back through");
        let word = (await acquirer.getState(payment.externalId)).status;
        if (!endOfReturn(word)) word = (await acquirer.cancel(payment.externalId)).status;
        const ended = endOfReturn(word);
        if (!ended) throw new Error(`the acquirer's Cancel answered ${word}`);
        await work.transaction((repos) =>
          repos.orders.movePayment(paymentId, "returning", ended, {
            acquirerStatus: word,
            ...(ended === "refunded" ? { refundedAmount: payment.amount } : {}),
          }),
        );
        logger.info({ orderId: payment.orderId, paymentId, status: word }, "payment given back");
      } catch (err) {
        if (attempt.last) {
          await repository.recordPaymentProblem({
            paymentId,
            orderId: payment.orderId,
            kind: "return_failed",
            detail: err instanceof Error ? err.message : String(err),
          });
          logger.error(
            { orderId: payment.orderId, paymentId, err },
            "payment not given back after the last retry: listed for an operator",
          );
        }
        throw err;
      }
    },
  };
}
export type PaymentFlow = ReturnType<typeof createPaymentFlow>;
