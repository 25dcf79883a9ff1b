import { and, desc, eq, sql } from "drizzle-orm";
import {
  keepNewestRows,
  ownedBy,
  ownerColumns,
  ownerTarget,
  purgeVisitorRowsBefore,
} from "#server/db/row-owner.ts";
import { products, viewedProducts } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import type { RowOwner } from "#server/domain/actor.ts";
import { productExistsKept, selectCards } from "#server/domain/catalog/repository.ts";

/** Over the database or a transaction (`Executor`): the service records a view in one transaction. */
export function createViewedRepository(db: Executor) {
  return {
    /** Inside a transaction, also keeps the product from being deleted until the transaction ends. */
    productExists: (productId: number): Promise<boolean> => productExistsKept(db, productId),

    /** Records a view (a repeat view moves the product to the front) and keeps the newest `keep` only. */
    async record(owner: RowOwner, productId: number, keep: number) {
      await db
        .insert(viewedProducts)
        .values({ ...ownerColumns(owner), productId })
        .onConflictDoUpdate({
          target: ownerTarget(viewedProducts, owner, viewedProducts.productId),
          set: { viewedAt: sql`now()` },
        });
      await keepNewestRows(db, viewedProducts, viewedProducts.viewedAt, owner, keep);
    },

    list: (owner: RowOwner, limit: number) =>
      selectCards(db)
        .innerJoin(
          viewedProducts,
          and(eq(viewedProducts.productId, products.id), ownedBy(viewedProducts, owner)),
        )
        .orderBy(desc(viewedProducts.viewedAt), desc(products.id))
        .limit(limit),

    clear: async (owner: RowOwner) => {
      await db.delete(viewedProducts).where(ownedBy(viewedProducts, owner));
    },

    /**
     * Deletes up to `limit` visitors' views made before `before`; returns how many it deleted. A user's
     * views are the account's and stay (capped per user as they are recorded).
     */
    purgeVisitorsBefore: (before: Date, limit: number): Promise<number> =>
      purgeVisitorRowsBefore(db, viewedProducts, viewedProducts.viewedAt, before, limit),
  };
}
export type ViewedRepository = ReturnType<typeof createViewedRepository>;
