import { z } from "zod";
import { defineJobType } from "#server/jobs/job-type.ts";

/**
 * Sends one order SMS (an `order_notifications` row) through the gateway. Queued in the transaction of the
 * event, under the row's id as key. At most once: the run that claims the row (pending → sending) sends
 * it; a retry or a second run finds it claimed and does nothing (ADR 055).
 */
export const orderSmsJob = defineJobType({
  name: "order-sms",
  payload: z.object({ notificationId: z.number().int().positive() }),
  maxAttempts: 5,
  backoff: { baseMs: 10_000, maxMs: 600_000 },
});
