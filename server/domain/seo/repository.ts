import { type AnyColumn, and, asc, gt, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { brands, categories, products, sellers } from "#server/db/schema/index.ts";

/** The tables whose every row is a page of its own, and so a line of the sitemap. */
export type SitemapTable = "categories" | "products" | "brands" | "sellers";

const TABLES = { categories, products, brands, sellers } as const;

export interface SitemapRow {
  id: number;
  /** The category's slug, the brand's or seller's code; absent for products (their address is the id). */
  key?: string | undefined;
  /** When the row's page last changed, where the table keeps it (products). */
  updatedAt?: Date | undefined;
}

/**
 * Rows for the sitemap, addressed by id ranges: shard k of size n holds the ids in ((k - 1)·n, k·n]. A row
 * never moves to another shard when others are added or removed, and no shard can exceed n rows.
 */
export function createSitemapRepository(db: Database) {
  return {
    /** The shards that have rows, in order, with the latest change in each (products only). */
    async shards(table: SitemapTable, size: number): Promise<{ shard: number; lastmod: Date | null }[]> {
      const t = TABLES[table];
      const shard = sql<number>`((${t.id} - 1) / ${size}::int + 1)::int`;
      const lastmod =
        table === "products" ? sql<Date | string | null>`max(${products.updatedAt})` : sql<null>`NULL`;
      const rows = await db.select({ shard, lastmod }).from(t).groupBy(sql`1`).orderBy(sql`1`);
      return rows.map((r) => ({
        shard: Number(r.shard),
        // node-postgres parses timestamptz, PGlite too; an aggregate may still arrive as text.
        lastmod: r.lastmod === null ? null : new Date(r.lastmod),
      }));
    },

    /** Up to `limit` rows with ids in (after, upTo], by id: one page of a shard. */
    async page(table: SitemapTable, after: number, upTo: number, limit: number): Promise<SitemapRow[]> {
      const range = (id: AnyColumn) => and(gt(id, after), lte(id, upTo));
      switch (table) {
        case "products":
          return db
            .select({ id: products.id, updatedAt: products.updatedAt })
            .from(products)
            .where(range(products.id))
            .orderBy(asc(products.id))
            .limit(limit);
        case "categories":
          return db
            .select({ id: categories.id, key: categories.slug })
            .from(categories)
            .where(range(categories.id))
            .orderBy(asc(categories.id))
            .limit(limit);
        case "brands":
          return db
            .select({ id: brands.id, key: brands.code })
            .from(brands)
            .where(range(brands.id))
            .orderBy(asc(brands.id))
            .limit(limit);
        case "sellers":
          return db
            .select({ id: sellers.id, key: sellers.code })
            .from(sellers)
            .where(range(sellers.id))
            .orderBy(asc(sellers.id))
            .limit(limit);
      }
    },
  };
}
export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
