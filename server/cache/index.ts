import type { AppConfig } from "#server/config.ts";
import type { PageSnapshot } from "#server/http/page-cache.ts";
import type { Logger } from "#server/logger.ts";
import { type ChangeSource, watchCatalogChanges } from "./catalog-changes.ts";
import { dataSize, pageSize } from "./entry-size.ts";
import { ReadCache } from "./read-cache.ts";

export interface Caches {
  data: ReadCache;
  pages: ReadCache<PageSnapshot>;
  /**
   * False while the change listener has been down longer than CACHE_BLIND_S: both caches are bypassed
   * then (catalog-changes.ts, `CatalogWatch.trusted`).
   */
  trusted: () => boolean;
}

/**
 * Bounds on the bookkeeping; memory is bounded by the byte budgets (CACHE_DATA_MAX_MB, CACHE_PAGES_MAX_MB).
 * High enough never to be the bound that bites: at 500 pages a sale day's 1,000 products and 100 listings
 * went round the cache with not one hit (bench/sale-day.ts, issue 23), while 64 MB holds 1,400 of them.
 */
export const DATA_ENTRIES = 50_000;
export const PAGE_ENTRIES = 20_000;

/**
 * The process's caches, subscribed to the database's change channel. Without a working subscription
 * the caches would serve data up to the TTL old after a change, so failing to subscribe turns them off.
 */
export async function openCaches(
  config: AppConfig,
  source: ChangeSource,
  logger: Logger,
): Promise<(Caches & { close: () => Promise<void> }) | undefined> {
  if (!config.cache) return undefined;
  const { freshMs, staleMs, dataMaxBytes, pagesMaxBytes } = config.cache;
  const onRefreshError = (err: unknown, key: string) => logger.warn({ err, key }, "cache refresh failed");
  const caches = {
    data: new ReadCache({
      maxEntries: DATA_ENTRIES,
      maxBytes: dataMaxBytes,
      sizeOf: dataSize,
      freshMs,
      staleMs,
      onRefreshError,
    }),
    pages: new ReadCache<PageSnapshot>({
      maxEntries: PAGE_ENTRIES,
      maxBytes: pagesMaxBytes,
      sizeOf: pageSize,
      freshMs,
      staleMs,
      onRefreshError,
    }),
  };
  try {
    const watch = await watchCatalogChanges(source, caches, { blindMs: config.cache.blindMs });
    return { ...caches, trusted: watch.trusted, close: watch.close };
  } catch (err) {
    logger.error({ err }, "cannot subscribe to catalogue changes: in-process caches are off");
    return undefined;
  }
}
