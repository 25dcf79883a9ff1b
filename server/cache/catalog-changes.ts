import type { ChangeSubscription } from "#server/db/listener.ts";
import type { ReadCache } from "./read-cache.ts";

export const CATALOG_CHANNEL = "catalog_changed";

/** Tags on cached catalogue reads; see `invalidationsFor` for which change drops which. */
export const TAG = {
  /** Everything derived from catalogue or reference data. */
  catalog: "catalog",
  /** Reads spanning many products: listings, facets, search, category counts. */
  listing: "listing",
  product: (id: number) => `product:${id}`,
} as const;

/**
 * The tags a change message (from the triggers of migrations 0008, 0021 and 0028) invalidates:
 * "products:1,2" drops those products and every listing; "stock:1,2" (a count changed in `inventory`, no
 * card changed) and "reviews:1,2" (their reviews or review photos changed; a rating moves through
 * `products`) drop only those products' own pages and data; any other table, or a bulk change, drops
 * everything.
 */
export function invalidationsFor(payload: string): string[] {
  const match = /^(products|stock|reviews):(\d+(?:,\d+)*)$/.exec(payload);
  if (!match?.[2]) return [TAG.catalog];
  const products = match[2].split(",").map((id) => TAG.product(Number(id)));
  return match[1] === "products" ? [TAG.listing, ...products] : products;
}

export interface ChangeSource {
  listen(
    channel: string,
    handlers: { onMessage: (payload: string) => void; onReset?: () => void },
  ): Promise<ChangeSubscription>;
}

export interface CatalogWatch {
  close(): Promise<void>;
  /**
   * Whether the caches may answer: the change listener is up, or was last known to deliver at most
   * `blindMs` ago. Past that a change could have been missed, so reads go to the database and pages are
   * rendered per request, storing nothing, until the listener is back (which clears both caches).
   */
  trusted(): boolean;
}

/**
 * Keeps the data cache and the page cache in step with the database. Both are dropped by tag: a page
 * carries the tags of the reads its render made (server/cache/read-tags.ts). Data goes first, so a page
 * rendered again at once reads the new data.
 */
export async function watchCatalogChanges(
  source: ChangeSource,
  caches: { data: ReadCache; pages?: ReadCache },
  options: { blindMs: number; now?: () => number },
): Promise<CatalogWatch> {
  const now = options.now ?? Date.now;
  const subscription = await source.listen(CATALOG_CHANNEL, {
    onMessage: (payload) => {
      const tags = invalidationsFor(payload);
      for (const tag of tags) caches.data.invalidate(tag);
      for (const tag of tags) caches.pages?.invalidate(tag);
    },
    onReset: () => {
      caches.data.clear();
      caches.pages?.clear();
    },
  });
  return {
    close: () => subscription.close(),
    trusted: () => now() - subscription.confirmedAt() <= options.blindMs,
  };
}
