/**
 * Housekeeping: data kept per visitor (recent searches, recently viewed products) is reachable only
 * through the visitor's cookie, which lives for VISITOR_LIFETIME_DAYS from the day it was issued and is
 * never renewed. A row older than that belongs to a cookie that has expired, so nobody can read it any
 * more: it is deleted. Nothing a visitor can still see is ever removed by this.
 */

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

export interface VisitorDataPurgers {
  recentSearches: { purgeBefore(before: Date, batch: number): Promise<number> };
  viewed: { purgeBefore(before: Date, batch: number): Promise<number> };
}

/** Deletes every visitor row older than the visitor cookie's lifetime; how many of each kind. */
export async function purgeExpiredVisitorData(
  services: VisitorDataPurgers,
  now: Date = new Date(),
  batch: number = PURGE_BATCH,
): Promise<{ recentSearches: number; viewedProducts: number }> {
  const before = new Date(now.getTime() - VISITOR_LIFETIME_DAYS * DAY_MS);
  return {
    recentSearches: await services.recentSearches.purgeBefore(before, batch),
    viewedProducts: await services.viewed.purgeBefore(before, batch),
  };
}

interface HousekeepingLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Purges expired visitor data a minute after start and then every `intervalMs` (6 hours by default).
 * Every app process runs it; the deletes are idempotent, so several processes only repeat a cheap query.
 * The timers never keep the process alive; `stop()` cancels them.
 */
export function scheduleHousekeeping(
  services: VisitorDataPurgers,
  logger: HousekeepingLogger,
  { firstRunMs = 60_000, intervalMs = 6 * 3600 * 1000 } = {},
): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const purged = await purgeExpiredVisitorData(services);
      if (purged.recentSearches + purged.viewedProducts > 0)
        logger.info({ purged }, "expired visitor data purged");
    } catch (err) {
      logger.warn({ err }, "housekeeping failed; it runs again at the next interval");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, firstRunMs);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
