import { brandUrl, categoryUrl, productUrl, sellerUrl } from "#contract/urls.ts";
import type { SitemapRepository, SitemapRow, SitemapTable } from "./repository.ts";

export type { SitemapTable } from "./repository.ts";

export interface SitemapEntry {
  /** Site path. */
  loc: string;
  /** W3C date, where the data has one. */
  lastmod?: string | undefined;
}

/** W3C date (YYYY-MM-DD, UTC) of a timestamp. */
const w3cDate = (date: Date) => date.toISOString().slice(0, 10);

/** Each table's canonical page addresses: the ones the storefront links to and answers 200 on (categories, brands and sellers always select their key). */
const LOCATIONS: Record<SitemapTable, (row: SitemapRow) => string> = {
  categories: (row) => categoryUrl({ id: row.id, slug: row.key ?? "" }),
  products: (row) => productUrl(row.id),
  brands: (row) => brandUrl(row.key ?? ""),
  sellers: (row) => sellerUrl(row.key ?? ""),
};

/** The catalogue's pages for the sitemap, by id-range shards (see the repository). */
export function createSitemapService(repository: SitemapRepository) {
  return {
    async shards(
      table: SitemapTable,
      size: number,
    ): Promise<{ shard: number; lastmod?: string | undefined }[]> {
      const rows = await repository.shards(table, size);
      return rows.map((r) =>
        r.lastmod ? { shard: r.shard, lastmod: w3cDate(r.lastmod) } : { shard: r.shard },
      );
    },

    /** Up to `limit` pages with ids in (after, upTo], by id, and the last id read (to continue from). */
    async entries(
      table: SitemapTable,
      after: number,
      upTo: number,
      limit: number,
    ): Promise<{ entries: SitemapEntry[]; lastId: number | undefined }> {
      const rows = await repository.page(table, after, upTo, limit);
      const loc = LOCATIONS[table];
      return {
        entries: rows.map((row) =>
          row.updatedAt ? { loc: loc(row), lastmod: w3cDate(row.updatedAt) } : { loc: loc(row) },
        ),
        lastId: rows.at(-1)?.id,
      };
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
