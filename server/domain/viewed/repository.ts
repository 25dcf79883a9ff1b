import { and, desc, eq, lt, sql } from "drizzle-orm";
import { products, viewedProducts } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { selectCards } from "#server/domain/catalog/repository.ts";

/** Over the database or a transaction (`Executor`): the service records a view in one transaction. */
export function createViewedRepository(db: Executor) {
  return {
    /** Inside a transaction, also keeps the product from being deleted until the transaction ends. */
    async productExists(productId: number) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
        .for("key share");
      return row !== undefined;
    },

    /** Records a view (a repeat view moves the product to the front) and keeps the newest `keep` only. */
    async record(visitorId: string, productId: number, keep: number) {
      await db
        .insert(viewedProducts)
        .values({ visitorId, productId })
        .onConflictDoUpdate({
          target: [viewedProducts.visitorId, viewedProducts.productId],
          set: { viewedAt: sql`now()` },
        });
      const [oldest] = await db
        .select({ viewedAt: viewedProducts.viewedAt })
        .from(viewedProducts)
        .where(eq(viewedProducts.visitorId, visitorId))
        .orderBy(desc(viewedProducts.viewedAt))
        .offset(keep - 1)
        .limit(1);
      if (oldest) {
        await db
          .delete(viewedProducts)
          .where(and(eq(viewedProducts.visitorId, visitorId), lt(viewedProducts.viewedAt, oldest.viewedAt)));
      }
    },

    list: (visitorId: string, limit: number) =>
      selectCards(db)
        .innerJoin(
          viewedProducts,
          and(eq(viewedProducts.productId, products.id), eq(viewedProducts.visitorId, visitorId)),
        )
        .orderBy(desc(viewedProducts.viewedAt), desc(products.id))
        .limit(limit),

    /** Deletes up to `limit` views made before `before`; returns how many it deleted. */
    async purgeBefore(before: Date, limit: number): Promise<number> {
      const batch = db
        .select({ visitorId: viewedProducts.visitorId, productId: viewedProducts.productId })
        .from(viewedProducts)
        .where(lt(viewedProducts.viewedAt, before))
        .limit(limit);
      const deleted = await db
        .delete(viewedProducts)
        .where(sql`(${viewedProducts.visitorId}, ${viewedProducts.productId}) IN (${batch})`)
        .returning({ visitorId: viewedProducts.visitorId });
      return deleted.length;
    },
  };
}
export type ViewedRepository = ReturnType<typeof createViewedRepository>;
