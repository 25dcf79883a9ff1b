import { z } from "zod";
import { PURGE_BATCH, VISITOR_LIFETIME_DAYS } from "#server/domain/housekeeping.ts";
import { defineJobType, handleJob, type JobHandler } from "#server/jobs/job-type.ts";

/**
 * The basket's housekeeping (ADR 038): a change's idempotency key is kept a day (a retry comes within
 * seconds; a day covers an app that resends after a night offline), and a visitor's basket untouched for
 * the visitor cookie's lifetime belongs to a cookie that has expired: nobody can read it any more.
 */
export const BASKET_KEY_KEEP_DAYS = 1;
const DAY_MS = 24 * 3600 * 1000;

export interface BasketPurgers {
  basket: {
    purgeKeysBefore(before: Date, batch: number): Promise<number>;
    purgeVisitorBasketsBefore(before: Date, batch: number): Promise<number>;
  };
}

/** Deletes keys over a day old and expired visitors' baskets; how many of each. */
export async function purgeStaleBasketData(
  services: BasketPurgers,
  now: Date = new Date(),
  batch: number = PURGE_BATCH,
): Promise<{ keys: number; visitorBaskets: number }> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    keys: await services.basket.purgeKeysBefore(ago(BASKET_KEY_KEEP_DAYS), batch),
    visitorBaskets: await services.basket.purgeVisitorBasketsBefore(ago(VISITOR_LIFETIME_DAYS), batch),
  };
}

export const purgeBasketDataJob = defineJobType({
  name: "purge-stale-basket-data",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  every: { intervalMs: 6 * 3600 * 1000, payload: {} },
});

export function basketHousekeepingJobs(services: BasketPurgers): JobHandler[] {
  return [
    handleJob(purgeBasketDataJob, async (_payload, { logger }) => {
      const purged = await purgeStaleBasketData(services);
      if (purged.keys + purged.visitorBaskets > 0) logger.info({ purged }, "stale basket data purged");
    }),
  ];
}
