import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { catalogMenuNodes, categories, products } from "#server/db/schema/index.ts";

export function createCatalogMenuRepository(db: Database) {
  return {
    /**
     * Every menu node with its category's slug, parents before children. The menu is curated (about a
     * hundred nodes), so the service assembles any view of it from one small read.
     */
    listNodes: () =>
      db
        .select({
          id: catalogMenuNodes.id,
          parentId: catalogMenuNodes.parentId,
          title: catalogMenuNodes.title,
          position: catalogMenuNodes.position,
          categoryId: catalogMenuNodes.categoryId,
          categorySlug: categories.slug,
        })
        .from(catalogMenuNodes)
        .leftJoin(categories, eq(categories.id, catalogMenuNodes.categoryId))
        .orderBy(asc(catalogMenuNodes.position), asc(catalogMenuNodes.id)),

    /** Products in each category's whole subtree (the category page's total), by category id. */
    async countProducts(categoryIds: number[]): Promise<Map<number, number>> {
      if (categoryIds.length === 0) return new Map();
      const root = alias(categories, "root");
      const rows = await db
        .select({ categoryId: root.id, total: sql<number>`count(${products.id})::int` })
        .from(root)
        .innerJoin(
          categories,
          sql`${categories.id} = ${root.id} OR ${categories.path} LIKE ${root.path} || '.%'`,
        )
        .innerJoin(products, eq(products.categoryId, categories.id))
        .where(inArray(root.id, categoryIds))
        .groupBy(root.id);
      return new Map(rows.map((r) => [r.categoryId, Number(r.total)]));
    },
  };
}
export type CatalogMenuRepository = ReturnType<typeof createCatalogMenuRepository>;
