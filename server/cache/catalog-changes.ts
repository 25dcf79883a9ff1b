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
 * The tags a change message (from migration 0008's triggers) invalidates: "products:1,2" drops those
 * products and every listing; any other table, or a bulk product change, drops everything.
 */
export function invalidationsFor(payload: string): string[] {
  const match = /^products:(\d+(?:,\d+)*)$/.exec(payload);
  if (!match?.[1]) return [TAG.catalog];
  return [TAG.listing, ...match[1].split(",").map((id) => TAG.product(Number(id)))];
}

export interface ChangeSource {
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReset?: () => void,
  ): Promise<() => Promise<void>>;
}

/**
 * Keeps the data cache and the page cache in step with the database. Both are dropped by tag: a page
 * carries the tags of the reads its render made (server/cache/read-tags.ts). Data goes first, so a page
 * rendered again at once reads the new data.
 */
export function watchCatalogChanges(source: ChangeSource, caches: { data: ReadCache; pages?: ReadCache }) {
  return source.listen(
    CATALOG_CHANNEL,
    (payload) => {
      const tags = invalidationsFor(payload);
      for (const tag of tags) caches.data.invalidate(tag);
      for (const tag of tags) caches.pages?.invalidate(tag);
    },
    () => {
      caches.data.clear();
      caches.pages?.clear();
    },
  );
}
