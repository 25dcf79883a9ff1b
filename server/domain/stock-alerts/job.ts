import { z } from "zod";
import { defineJobType } from "#server/jobs/job-type.ts";

/** How often products back in stock are looked for: a shopper hears of it within a minute or so. */
export const BACK_IN_STOCK_EVERY_MS = 60_000;

/**
 * Looks for waiting subscriptions whose product is in stock again (`products.has_stock`, kept by the
 * inventory's trigger whatever brought the stock back: an operator, a cancelled order, an import). Each
 * subscription is claimed by setting `notified_at` under `FOR UPDATE SKIP LOCKED`, and its SMS job is queued
 * in the same transaction, so two runs at once (two instances, a retry) never claim one twice (ADR 066).
 */
export const backInStockJob = defineJobType({
  name: "back-in-stock",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  every: { intervalMs: BACK_IN_STOCK_EVERY_MS, payload: {} },
});

/**
 * One «снова в продаже» SMS to one shopper. Keyed by the subscription and the moment it was claimed, so a
 * claim queues one job; one attempt, as the other shopper SMS (ADR 058): never the same news twice.
 */
export const backInStockSmsJob = defineJobType({
  name: "back-in-stock-sms",
  payload: z.object({ productId: z.number().int().positive(), userId: z.number().int().positive() }),
  maxAttempts: 1,
});
