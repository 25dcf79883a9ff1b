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
