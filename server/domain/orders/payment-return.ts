import { PAID_STATUSES } from "#server/domain/payments/acquirer.ts";
import { endOfReturn } from "./acquirer-word.ts";
import type { OrdersContext } from "./context.ts";
import { paymentReceipt } from "./payment-receipt.ts";

// Money (or an open page) the order cannot take, given back through the acquirer by the durable
// `return-payment` job (ADR 043).

/**
 * The `return-payment` job (ADR 043): gives a payment the order cannot take back to the shopper
 * through the acquirer — its state first, then `Cancel` (an open page is called off, money taken is
 * refunded) — and records it `cancelled`, `rejected` or `refunded` only on the acquirer's word. A
 * failure is thrown for the job to retry; after the last attempt the payment is listed for an operator.
 */
export async function returnPayment(
  ctx: OrdersContext,
  paymentId: number,
  attempt: { last: boolean },
): Promise<void> {
  const payment = await ctx.work.repositories.orders.payment(paymentId);
  if (payment?.status !== "returning") return;
  const acquirer = ctx.options.acquirer;
  try {
    if (!acquirer || !payment.externalId) throw new Error("no acquirer to give the payment back through");
    let word = (await acquirer.getState(payment.externalId)).status;
    if (!endOfReturn(word)) {
      // Money taken whole goes back with its receipt (the Init's items); a page still open, or money
      // partly refunded already (its rest is not the receipt's sum), is cancelled without one.
      const receipt = PAID_STATUSES.includes(word)
        ? await paymentReceipt(ctx, acquirer, payment.orderId, payment.amount)
        : undefined;
      word = (await acquirer.cancel(payment.externalId, undefined, receipt)).status;
    }
    const ended = endOfReturn(word);
    if (!ended) throw new Error(`the acquirer's Cancel answered ${word}`);
    await ctx.work.transaction((repos) =>
      repos.orders.movePayment(paymentId, "returning", ended, {
        acquirerStatus: word,
        ...(ended === "refunded" ? { refundedAmount: payment.amount } : {}),
      }),
    );
    ctx.logger.info({ orderId: payment.orderId, paymentId, status: word }, "payment given back");
  } catch (err) {
    if (attempt.last) {
      await ctx.work.repositories.orders.recordPaymentProblem({
        paymentId,
        orderId: payment.orderId,
        kind: "return_failed",
        detail: err instanceof Error ? err.message : String(err),
      });
      ctx.logger.error(
        { orderId: payment.orderId, paymentId, err },
        "payment not given back after the last retry: listed for an operator",
      );
    }
    throw err;
  }
}
