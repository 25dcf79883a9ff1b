import { formatRub } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import { REFUND_STATUSES } from "#server/domain/payments/acquirer.ts";
import type { OrdersContext } from "./context.ts";
import type { Receipt } from "#server/domain/payments/receipt.ts";

// The `refund-order` job (ADR 054): the money of parcels called off, sent back to the card.

/** The acquirer did not answer within the client's timeout (the adapter's 503 keeps the abort as its cause). */
export function isTimeout(err: unknown): boolean {
  const cause = err instanceof Error ? err.cause : undefined;
  return cause instanceof Error && cause.name === "TimeoutError";
}

/**
 * Sends one refund's `Cancel` (its amount, its receipt, its id as ExternalRequestId: a retry after a lost
 * answer refunds nothing twice) and, on the acquirer's word that the money went back, records it on the
 * refund, the payment (refunded in part or whole) and the order, once. A failure is thrown for the job to
 * retry; after the last attempt the refund is `failed` and listed for an operator.
 */
export async function sendRefund(
  ctx: OrdersContext,
  refundId: number,
  attempt: { last: boolean },
): Promise<void> {
  const { refunds, orders } = ctx.work.repositories;
  const refund = await refunds.get(refundId);
  if (refund?.status !== "pending" || refund.paymentId === null) return;
  const payment = await orders.payment(refund.paymentId);
  try {
    const acquirer = ctx.options.acquirer;
    if (!acquirer || !payment?.externalId) throw new Error("no acquirer to send the refund through");
    const answer = await acquirer.cancel(
      payment.externalId,
      refund.amount,
      (refund.receipt as Receipt | null) ?? undefined,
      `refund-${refund.id}`,
    );
    if (!REFUND_STATUSES.includes(answer.status))
      throw new Error(`the acquirer's Cancel answered ${answer.status}`);
    await ctx.work.transaction(async (repos) => {
      // The order first, then the payment: the order of locks every other writer takes.
      const order = await repos.orders.lockOrder(refund.orderId);
      const locked = await repos.orders.lockPayment(payment.id);
      const done = await repos.refunds.settle(refund.id, "pending", "done", answer.status);
      if (!done || !order || !locked) return;
      const refunded = Math.min(locked.amount, locked.refundedAmount + refund.amount);
      const status = refunded === locked.amount ? "refunded" : "partially_refunded";
      if (locked.status === "confirmed" || locked.status === "partially_refunded") {
        await repos.orders.movePayment(locked.id, locked.status, status, {
          acquirerStatus: answer.status,
          refundedAmount: refunded,
        });
      } else {
        await repos.orders.updatePayment(locked.id, {
          acquirerStatus: answer.status,
          refundedAmount: refunded,
        });
      }
      await repos.orders.updateOrder(order.id, { refundedTotal: order.refundedTotal + refund.amount });
      // A return's money is back: its request is done (ADR 059).
      if (refund.returnId !== null) {
        await repos.returns.move(refund.returnId, "approved", "refunded", { refundedAt: ctx.now() });
      }
    });
    ctx.logger.info({ orderId: refund.orderId, refundId, amount: refund.amount }, "refund sent");
  } catch (err) {
    // The shopper's page says why the money is late while the job tries again (ADR 059).
    await refunds.markError(refund.id, isTimeout(err) ? "timeout" : "error");
    if (attempt.last) {
      await ctx.work.transaction(async (repos) => {
        if (!(await repos.refunds.settle(refund.id, "pending", "failed"))) return;
        await repos.orders.recordPaymentProblem({
          paymentId: refund.paymentId!,
          orderId: refund.orderId,
          kind: "refund_failed",
          detail: `Возврат ${formatRub(kopecks(refund.amount))} не прошёл: ${err instanceof Error ? err.message : String(err)}`,
        });
      });
      ctx.logger.error(
        { orderId: refund.orderId, refundId, err },
        "refund not sent after the last retry: listed for an operator",
      );
    }
    throw err;
  }
}
