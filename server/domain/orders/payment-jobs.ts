import { z } from "zod";
import { defineJobType } from "#server/jobs/job-type.ts";

/**
 * Gives back through the acquirer a payment the order cannot take (paid after expiry, paid twice, another
 * sum, an open page of a cancelled order): `Cancel`, retried with back-off until the acquirer answers. Eight
 * attempts over about two hours (30 s, 1, 2, 4, 8, 16, 32 min, then 1 h); after the last the payment is listed
 * for an operator (`payment_problems`) with an error in the log.
 */
export const returnPaymentJob = defineJobType({
  name: "return-payment",
  payload: z.object({ paymentId: z.number().int().positive() }),
  maxAttempts: 8,
  backoff: { baseMs: 30_000, maxMs: 3_600_000 },
});

/**
 * Sends the money of an `order_refunds` row back to the card (ADR 054): `Cancel` with the amount, its
 * receipt and the row's id as ExternalRequestId, so a retry after a lost answer refunds nothing twice. The
 * same schedule as `return-payment`; after the last attempt the refund is `failed` and listed for an operator.
 */
export const refundOrderJob = defineJobType({
  name: "refund-order",
  payload: z.object({ refundId: z.number().int().positive() }),
  maxAttempts: 8,
  backoff: { baseMs: 30_000, maxMs: 3_600_000 },
});
