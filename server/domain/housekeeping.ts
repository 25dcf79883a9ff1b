/**
 * Housekeeping: data kept per anonymous visitor (recent searches, recently viewed products, wishlist) is
 * reachable only through the visitor's cookie, which lives for VISITOR_LIFETIME_DAYS from the day it was
 * issued and is never renewed. A visitor's row older than that belongs to a cookie that has expired, so
 * nobody can read it any more: it is deleted. Nothing a visitor can still see is ever removed by this,
 * and a signed-in user's rows (the account's, capped per user as they are written) are never touched.
 *
 * Phone sign-in (ADR 028) leaves a code row per phone and an outbox row per SMS: a code is kept a day
 * after it expired or was used (so support can still tell why a sign-in failed), a message 30 days.
 */

import { z } from "zod";
import { defineJobType, handleJob, type JobHandler } from "#server/jobs/job-type.ts";

/** How long the visitor cookie lives (server/api/visitor.ts), and so how long its rows can be read. */
export const VISITOR_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 3600 * 1000;

/** Rows per DELETE: short statements that never hold many row locks or a long transaction. */
export const PURGE_BATCH = 5_000;

/** Runs `purge(batch)` until a run deletes fewer than `batch` rows; returns the total deleted. */
export async function purgeInBatches(
  purge: (batch: number) => Promise<number>,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await purge(batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** Each deletes the anonymous visitors' rows (never users') written before `before`. */
export interface VisitorDataPurgers {
  recentSearches: { purgeBefore(before: Date, batch: number): Promise<number> };
  viewed: { purgeBefore(before: Date, batch: number): Promise<number> };
  wishlist: { purgeBefore(before: Date, batch: number): Promise<number> };
}

/** Deletes every visitor row older than the visitor cookie's lifetime; how many of each kind. */
export async function purgeExpiredVisitorData(
  services: VisitorDataPurgers,
  now: Date = new Date(),
  batch: number = PURGE_BATCH,
): Promise<{ recentSearches: number; viewedProducts: number; wishlistItems: number }> {
  const before = new Date(now.getTime() - VISITOR_LIFETIME_DAYS * DAY_MS);
  return {
    recentSearches: await services.recentSearches.purgeBefore(before, batch),
    viewedProducts: await services.viewed.purgeBefore(before, batch),
    wishlistItems: await services.wishlist.purgeBefore(before, batch),
  };
}

/**
 * The purge as a recurring background job (ADR 017): scheduled once per 6-hour period across all
 * instances, retried with back-off when the database is away, and logged by the job runner.
 */
export const purgeVisitorDataJob = defineJobType({
  name: "purge-expired-visitor-data",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  every: { intervalMs: 6 * 3600 * 1000, payload: {} },
});

/** A sign-in code is kept this long after it expired or was used. */
export const PHONE_CODE_KEEP_DAYS = 1;
/** An SMS outbox message is kept this long: enough to answer "I got no code" complaints. */
export const SMS_OUTBOX_KEEP_DAYS = 30;

export interface PhoneSignInPurgers {
  phoneCodes: {
    purgeCodesBefore(before: Date, batch: number): Promise<number>;
    purgeOutboxBefore(before: Date, batch: number): Promise<number>;
  };
}

/** Deletes sign-in codes dead for over a day and outbox messages over 30 days old; how many of each. */
export async function purgeStalePhoneSignInData(
  services: PhoneSignInPurgers,
  now: Date = new Date(),
  batch: number = PURGE_BATCH,
): Promise<{ phoneCodes: number; smsOutbox: number }> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    phoneCodes: await services.phoneCodes.purgeCodesBefore(ago(PHONE_CODE_KEEP_DAYS), batch),
    smsOutbox: await services.phoneCodes.purgeOutboxBefore(ago(SMS_OUTBOX_KEEP_DAYS), batch),
  };
}

export const purgePhoneSignInJob = defineJobType({
  name: "purge-stale-phone-sign-in-data",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  every: { intervalMs: 6 * 3600 * 1000, payload: {} },
});

/** The housekeeping jobs' handlers, over the services that own the data. */
export function housekeepingJobs(services: VisitorDataPurgers & PhoneSignInPurgers): JobHandler[] {
  return [
    handleJob(purgeVisitorDataJob, async (_payload, { logger }) => {
      const purged = await purgeExpiredVisitorData(services);
      if (purged.recentSearches + purged.viewedProducts + purged.wishlistItems > 0)
        logger.info({ purged }, "expired visitor data purged");
    }),
    handleJob(purgePhoneSignInJob, async (_payload, { logger }) => {
      const purged = await purgeStalePhoneSignInData(services);
      if (purged.phoneCodes + purged.smsOutbox > 0)
        logger.info({ purged }, "stale phone sign-in data purged");
    }),
  ];
}
