import { bonusSpendError, maxBonusSpend } from "#contract/bonus-rules.ts";
import { installmentRefusal } from "#contract/installments.ts";
import type { PaymentMethod, StartPaymentResult } from "#contract/orders.ts";
import { type Acquirer, PAYABLE_STATUSES } from "#server/domain/payments/acquirer.ts";
import { AppError } from "#server/errors.ts";
import {
  type AcquirerState,
  acquirerOrderId,
  applyAcquirerState,
  isFinal,
  requireAcquirer,
} from "./acquirer-word.ts";
import { type OrdersContext, orderNotFound, type Repositories } from "./context.ts";
import { setOrderBonus, settlePaid } from "./lifecycle.ts";
import { paymentReceipt } from "./payment-receipt.ts";
import type { OrderRow, PaymentRow } from "./repository.ts";

// Starting to pay an order at the acquirer (ADR 037, 042): at most one open page per order, a second start
// gets the same page or waits for the first to close, and a confirmed payment is never cancelled.

/**
 * How long a payment row in status `new` (its `Init` in flight) holds off other starts of the order: the
 * acquirer client's timeout (15 s) and a margin. Past it the Init is taken as lost.
 */
const INIT_LEASE_MS = 20_000;
/** How often a start waiting for another start's `Init` looks again. */
const INIT_POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the acquirer sends the shopper back and posts its notifications. */
export type PaymentUrls = { successUrl: string; failUrl: string; notificationUrl: string };
export type PaymentChoice = {
  method: PaymentMethod;
  bonusPoints: number;
  /** With `installments`: the term in months (ADR 062). */
  installmentMonths?: number | undefined;
};

/** The term a payment row records: only an installment payment has one. */
const termOf = (input: PaymentChoice) =>
  input.method === "installments" ? (input.installmentMonths ?? null) : null;

const paymentUnderWay = () =>
  new AppError("conflict", "Предыдущая оплата ещё идёт — дождитесь её результата", {
    code: "payment_in_progress",
  });

type PaymentStep =
  | { kind: "wait" }
  | { kind: "paid" }
  | { kind: "open" | "close"; page: PaymentRow }
  | { kind: "init"; order: OrderRow; payment: PaymentRow };

/**
 * What a payment start does next, decided under the order's lock (ADR 042): wait for another start's
 * `Init`, go to the page already open, close that page first, settle with points, or open a new page.
 * A new page's payment row (status `new` until its `Init` answers) is the lease other starts wait on.
 */
async function nextPaymentStep(
  ctx: OrdersContext,
  repos: Repositories,
  userId: number,
  orderId: number,
  input: PaymentChoice,
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
  if (order.paymentDeadline.getTime() <= ctx.now().getTime()) {
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
  if (input.method === "installments") {
    // Checked before anything moves: the sum the bank would finance is what is left after the points.
    const refusal = installmentRefusal({
      amount: order.goodsTotal + order.deliveryTotal - input.bonusPoints * 100,
      months: input.installmentMonths,
      ineligibleNames: await repos.orders.installmentIneligible(order.id),
    });
    if (refusal) {
      throw new AppError("unprocessable", refusal.message, {
        code: refusal.code,
        ...(refusal.code === "installment_term_invalid"
          ? { fields: [{ field: "body.installmentMonths", message: refusal.message }] }
          : {}),
      });
    }
  }
  const payments = await repos.orders.payments(order.id);
  for (const p of payments.filter((p) => p.status === "new")) {
    if (p.createdAt.getTime() > ctx.now().getTime() - INIT_LEASE_MS) return { kind: "wait" };
    // Its Init never answered within the acquirer's timeout (the process stopped): nobody was sent
    // to a page of it, so it is over.
    await repos.orders.movePayment(p.id, "new", "rejected");
  }
  const page = payments.find((p) => p.status === "pending" && p.externalId && p.paymentUrl);
  if (page) {
    const same =
      page.method === input.method &&
      page.installmentMonths === termOf(input) &&
      input.bonusPoints === order.bonusSpent &&
      page.amount === order.toPay;
    return { kind: same ? "open" : "close", page };
  }
  const attempt = await repos.orders.nextPaymentAttempt(order.id);
  const updated = await setOrderBonus(repos, order, input.bonusPoints, `attempt-${attempt}`);
  if (updated.toPay === 0) {
    // Made `new` like any attempt and confirmed by settlePaid, through the payment table like the rest.
    const byPoints = await repos.orders.insertPayment({
      orderId: order.id,
      attempt,
      provider: "points",
      method: "points",
      amount: 0,
      status: "new",
    });
    await settlePaid(ctx, repos, updated, byPoints);
    return { kind: "paid" };
  }
  const payment = await repos.orders.insertPayment({
    orderId: order.id,
    attempt,
    provider: ctx.options.acquirer?.provider ?? "tbank",
    method: input.method,
    installmentMonths: termOf(input),
    amount: updated.toPay,
    status: "new",
    createdAt: ctx.now(),
  });
  return { kind: "init", order: updated, payment };
}

/** Registers the new page at the acquirer and sends the shopper there; a failed Init ends the row. */
async function openPage(
  ctx: OrdersContext,
  acquirer: Acquirer,
  step: Extract<PaymentStep, { kind: "init" }>,
  urls: PaymentUrls,
): Promise<StartPaymentResult> {
  const { order, payment } = step;
  try {
    const receipt = await paymentReceipt(ctx, acquirer, order.id, payment.amount);
    const init = await acquirer.init({
      orderId: acquirerOrderId(order, payment.attempt),
      amount: payment.amount,
      description: `Заказ ${order.number} в Витрине`,
      successUrl: urls.successUrl,
      failUrl: urls.failUrl,
      notificationUrl: urls.notificationUrl,
      method: payment.method === "sbp" || payment.method === "installments" ? payment.method : "card",
      ...(payment.installmentMonths ? { installmentMonths: payment.installmentMonths } : {}),
      customerKey: String(order.userId),
      dueDate: order.paymentDeadline,
      receipt,
    });
    await ctx.work.repositories.orders.movePayment(payment.id, "new", "pending", {
      externalId: init.paymentId,
      paymentUrl: init.paymentUrl,
      acquirerStatus: init.status,
    });
    ctx.logger.info({ orderId: order.id, attempt: payment.attempt }, "payment started");
    return { kind: "redirect", paymentUrl: init.paymentUrl };
  } catch (err) {
    await ctx.work.repositories.orders.movePayment(payment.id, "new", "rejected");
    throw err;
  }
}

/**
 * Applies the acquirer's final word on a page (paid, declined, refunded); "paid" when the order is paid
 * now, by this page or by another word that came first.
 */
async function settleFromPage(
  ctx: OrdersContext,
  page: PaymentRow,
  state: AcquirerState,
): Promise<"paid" | "closed"> {
  await applyAcquirerState(ctx, page, state);
  const order = await ctx.work.repositories.orders.order(page.orderId);
  return order && order.status !== "awaiting_payment" && order.status !== "cancelled" ? "paid" : "closed";
}

/** Records how a page we closed ended, unless another word about it came first. */
async function recordClosed(
  ctx: OrdersContext,
  page: PaymentRow,
  status: "cancelled" | "refunded",
  acquirerStatus: string,
) {
  await ctx.work.transaction(async (repos) => {
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
async function closePage(
  ctx: OrdersContext,
  acquirer: Acquirer,
  page: PaymentRow,
): Promise<"paid" | "closed"> {
  const state = await acquirer.getState(page.externalId!);
  if (isFinal(state.status)) return settleFromPage(ctx, page, state);
  if (!PAYABLE_STATUSES.includes(state.status)) throw paymentUnderWay();
  // The receipt goes along: should the page be paid just before, the Cancel is a refund and needs it.
  const receipt = await paymentReceipt(ctx, acquirer, page.orderId, page.amount);
  let answer: Awaited<ReturnType<Acquirer["cancel"]>>;
  try {
    answer = await acquirer.cancel(page.externalId!, undefined, receipt);
  } catch (err) {
    // Refused: the page moved on meanwhile. What it moved to decides.
    const after = await acquirer.getState(page.externalId!);
    if (isFinal(after.status)) return settleFromPage(ctx, page, after);
    throw err;
  }
  if (answer.status === "CANCELED") {
    await recordClosed(ctx, page, "cancelled", answer.status);
    return "closed";
  }
  ctx.logger.warn(
    { orderId: page.orderId, paymentId: page.id, status: answer.status },
    "an earlier page was paid while it was being closed: its money went back",
  );
  await recordClosed(ctx, page, "refunded", answer.status);
  return "closed";
}

/**
 * Starts paying an unpaid order: sets the points it spends (returning or spending the difference),
 * then either settles it at once (points cover everything) or answers an acquirer page. An order has
 * at most one open page (ADR 042): the same request again (a double tap, a second tab) gets the page
 * already open; another method or sum first closes that page at the acquirer, and a page whose money
 * was already taken settles the order instead of being cancelled. While another start's `Init` is in
 * flight, this one waits for it.
 */
export async function startPayment(
  ctx: OrdersContext,
  userId: number,
  orderId: number,
  input: PaymentChoice,
  urls: PaymentUrls,
): Promise<StartPaymentResult> {
  // Real time, whatever the service's clock: this bounds how long the shopper waits.
  const waitUntil = Date.now() + INIT_LEASE_MS + 2_000;
  // Each closed page ends a row, so a few rounds suffice; the bound only guards against a loop.
  for (let closed = 0; closed < 5; ) {
    const step = await ctx.work.transaction((repos) => nextPaymentStep(ctx, repos, userId, orderId, input));
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
      ctx.logger.info({ orderId, userId }, "order paid with points");
      return { kind: "paid", orderId };
    }
    const acquirer = requireAcquirer(ctx);
    if (step.kind === "init") return openPage(ctx, acquirer, step, urls);
    closed += 1;
    if (step.kind === "close") {
      if ((await closePage(ctx, acquirer, step.page)) === "paid") return { kind: "paid", orderId };
      continue;
    }
    // The same request again: the open page, while the acquirer still takes money on it.
    const state = await acquirer.getState(step.page.externalId!);
    if (!isFinal(state.status)) return { kind: "redirect", paymentUrl: step.page.paymentUrl! };
    if ((await settleFromPage(ctx, step.page, state)) === "paid") return { kind: "paid", orderId };
  }
  throw paymentUnderWay();
}
