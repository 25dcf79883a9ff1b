import { and, count, desc, eq, sql } from "drizzle-orm";
import { ownedBy, ownerColumns, ownerTarget, purgeVisitorRowsBefore } from "#server/db/row-owner.ts";
import { brands, productImages, products, wishlistItems } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import type { RowOwner } from "#server/domain/actor.ts";
import { cardColumns, inStockExpr, productExistsKept } from "#server/domain/catalog/repository.ts";

/**
 * The first key of the two-key advisory locks that serialise one owner's wishlist additions (the second
 * is a hash of the owner), so the limit holds under parallel requests. The two-key space never meets the
 * one-key locks of server/db/client.ts.
 */
const WISHLIST_LOCK = 7_350_032;

const itemColumns = { productId: wishlistItems.productId, addedAt: wishlistItems.addedAt };

function ownerKey(owner: RowOwner): string {
  return owner.userId !== undefined ? `u:${owner.userId}` : `v:${owner.visitorId}`;
}

/** Over the database or a transaction (`Executor`): the service adds an item in one transaction. */
export function createWishlistRepository(db: Executor) {
  return {
    /** Inside a transaction: waits for the owner's other additions to finish (released at commit). */
    async lockOwner(owner: RowOwner): Promise<void> {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(${WISHLIST_LOCK}::int, hashtext(${ownerKey(owner)}))`,
      );
    },

    /** Inside a transaction, also keeps the product from being deleted until the transaction ends. */
    productExists: (productId: number): Promise<boolean> => productExistsKept(db, productId),

    async find(owner: RowOwner, productId: number) {
      const [row] = await db
        .select(itemColumns)
        .from(wishlistItems)
        .where(and(ownedBy(wishlistItems, owner), eq(wishlistItems.productId, productId)));
      return row;
    },

    async count(owner: RowOwner): Promise<number> {
      const [row] = await db.select({ n: count() }).from(wishlistItems).where(ownedBy(wishlistItems, owner));
      return row?.n ?? 0;
    },

    /** Adds the product; one already there stays as it was (the conflict is the owner's unique key). */
    async insert(owner: RowOwner, productId: number) {
      const [row] = await db
        .insert(wishlistItems)
        .values({ ...ownerColumns(owner), productId })
        .onConflictDoNothing({ target: ownerTarget(wishlistItems, owner, wishlistItems.productId) })
        .returning(itemColumns);
      return row;
    },

    /** Whether the owner had the product (and now has not). */
    async remove(owner: RowOwner, productId: number): Promise<boolean> {
      const deleted = await db
        .delete(wishlistItems)
        .where(and(ownedBy(wishlistItems, owner), eq(wishlistItems.productId, productId)))
        .returning({ productId: wishlistItems.productId });
      return deleted.length > 0;
    },

    /** The owner's product ids, newest first: what the hearts need, from the owner's index alone. */
    async productIds(owner: RowOwner): Promise<number[]> {
      const rows = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(ownedBy(wishlistItems, owner))
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id));
      return rows.map((r) => r.productId);
    },

    /** The owner's items with their product cards, newest first; `inStock`: only what can be bought now. */
    list: (owner: RowOwner, options: { inStock: boolean; limit: number }) =>
      db
        .select({ ...cardColumns, addedAt: wishlistItems.addedAt })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
        .where(and(ownedBy(wishlistItems, owner), options.inStock ? inStockExpr : undefined))
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id))
        .limit(options.limit),

    /**
     * Deletes up to `limit` visitors' items added before `before`; returns how many it deleted. A user's
     * wishlist is the account's and stays.
     */
    purgeVisitorsBefore: (before: Date, limit: number): Promise<number> =>
      purgeVisitorRowsBefore(db, wishlistItems, wishlistItems.addedAt, before, limit),
  };
}
export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
