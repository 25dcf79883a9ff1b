import { and, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  basketLines,
  baskets,
  options,
  products,
  recentSearches,
  viewedProducts,
  wishlistItems,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/**
 * The first key of the two-key advisory lock that serialises merges into one user (the second is a hash
 * of the user id): two sign-ins of one account at once, from one browser or two, merge one after the
 * other instead of racing on the same rows.
 */
const MERGE_LOCK = 7_350_033;

export interface BasketLineRow {
  productId: number;
  quantity: number;
  selected: boolean;
  priceWhenAdded: number;
  addedAt: Date;
  updatedAt: Date;
}

export interface ProductLimits {
  id: number;
  stock: number;
  orderLimit: number | null;
}

/** Keeps the user's newest `keep` rows of `table` (newest by `at`, then by id). */
async function trimUserRows(
  db: Executor,
  table: PgTable & { id: PgColumn; userId: PgColumn },
  at: PgColumn,
  userId: number,
  keep: number,
): Promise<void> {
  const newest = db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(desc(at), desc(table.id))
    .limit(keep);
  await db.delete(table).where(and(eq(table.userId, userId), notInArray(table.id, newest)));
}

/** The later of the row's and the incoming value: a repeat keeps the newest moment. */
const later = (column: PgColumn, excluded: string): SQL =>
  sql`greatest(${column}, excluded.${sql.identifier(excluded)})`;

/**
 * Moves a visitor's rows to a user, run inside one transaction by the merge service. Each `move…` first
 * deletes the visitor's rows with RETURNING: a concurrent merge of the same visitor waits on those row
 * locks and then finds nothing, so a row moves once however many sign-ins race.
 */
export function createVisitorMergeRepository(db: Executor) {
  return {
    async lockUser(userId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${MERGE_LOCK}::int, hashtext(${`u:${userId}`}))`);
    },

    async moveWishlist(visitorId: string, userId: number, keep: number): Promise<number> {
      const moved = await db
        .delete(wishlistItems)
        .where(eq(wishlistItems.visitorId, visitorId))
        .returning({ productId: wishlistItems.productId, addedAt: wishlistItems.addedAt });
      if (moved.length === 0) return 0;
      await db
        .insert(wishlistItems)
        .values(moved.map((row) => ({ userId, ...row })))
        .onConflictDoUpdate({
          target: [wishlistItems.userId, wishlistItems.productId],
          set: { addedAt: later(wishlistItems.addedAt, "added_at") },
        });
      await trimUserRows(db, wishlistItems, wishlistItems.addedAt, userId, keep);
      return moved.length;
    },

    async moveViewed(visitorId: string, userId: number, keep: number): Promise<number> {
      const moved = await db
        .delete(viewedProducts)
        .where(eq(viewedProducts.visitorId, visitorId))
        .returning({ productId: viewedProducts.productId, viewedAt: viewedProducts.viewedAt });
      if (moved.length === 0) return 0;
      await db
        .insert(viewedProducts)
        .values(moved.map((row) => ({ userId, ...row })))
        .onConflictDoUpdate({
          target: [viewedProducts.userId, viewedProducts.productId],
          set: { viewedAt: later(viewedProducts.viewedAt, "viewed_at") },
        });
      await trimUserRows(db, viewedProducts, viewedProducts.viewedAt, userId, keep);
      return moved.length;
    },

    async moveRecentSearches(visitorId: string, userId: number, keep: number): Promise<number> {
      const moved = await db.delete(recentSearches).where(eq(recentSearches.visitorId, visitorId)).returning({
        query: recentSearches.query,
        queryKey: recentSearches.queryKey,
        searchedAt: recentSearches.searchedAt,
      });
      if (moved.length === 0) return 0;
      await db
        .insert(recentSearches)
        .values(moved.map((row) => ({ userId, ...row })))
        .onConflictDoUpdate({
          target: [recentSearches.userId, recentSearches.queryKey],
          // The same search typed in both: the later one's moment and spelling.
          set: {
            query: sql`CASE WHEN excluded.searched_at > ${recentSearches.searchedAt} THEN excluded.query ELSE ${recentSearches.query} END`,
            searchedAt: later(recentSearches.searchedAt, "searched_at"),
          },
        });
      await trimUserRows(db, recentSearches, recentSearches.searchedAt, userId, keep);
      return moved.length;
    },

    /** Takes the visitor basket's lines out (the basket stays, empty, one version on); [] when none. */
    async takeVisitorBasketLines(visitorId: string): Promise<BasketLineRow[]> {
      const [basket] = await db
        .select({ id: baskets.id })
        .from(baskets)
        .where(eq(baskets.visitorId, visitorId))
        .for("update");
      if (!basket) return [];
      const lines = await db.delete(basketLines).where(eq(basketLines.basketId, basket.id)).returning({
        productId: basketLines.productId,
        quantity: basketLines.quantity,
        selected: basketLines.selected,
        priceWhenAdded: basketLines.priceWhenAdded,
        addedAt: basketLines.addedAt,
        updatedAt: basketLines.updatedAt,
      });
      if (lines.length > 0) {
        await db
          .update(baskets)
          .set({ version: sql`${baskets.version} + 1`, updatedAt: sql`now()` })
          .where(eq(baskets.id, basket.id));
      }
      return lines;
    },

    /** The user's basket (made when there is none), locked until the transaction ends, with its lines. */
    async lockUserBasket(userId: number): Promise<{ id: number; lines: BasketLineRow[] }> {
      await db.insert(baskets).values({ userId }).onConflictDoNothing({ target: baskets.userId });
      const [basket] = await db
        .select({ id: baskets.id })
        .from(baskets)
        .where(eq(baskets.userId, userId))
        .for("update");
      const lines = await db
        .select({
          productId: basketLines.productId,
          quantity: basketLines.quantity,
          selected: basketLines.selected,
          priceWhenAdded: basketLines.priceWhenAdded,
          addedAt: basketLines.addedAt,
          updatedAt: basketLines.updatedAt,
        })
        .from(basketLines)
        .where(eq(basketLines.basketId, basket!.id));
      return { id: basket!.id, lines };
    },

    async productLimits(productIds: number[]): Promise<ProductLimits[]> {
      if (productIds.length === 0) return [];
      return (
        db
          .select({ id: products.id, stock: products.stock, orderLimit: products.orderLimit })
          .from(products)
          .where(inArray(products.id, productIds))
          // Kept from deletion until the lines that name them are in.
          .for("key share")
      );
    },

    /** The `basket_max_items` option (migration 0002), or `fallback` when it is missing or not a number. */
    async basketMaxItems(fallback: number): Promise<number> {
      const [row] = await db
        .select({ value: options.value })
        .from(options)
        .where(eq(options.code, "basket_max_items"));
      const value = row?.value;
      return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : fallback;
    },

    /** Writes the merged lines into the user's basket (new or replacing) and moves its version on. */
    async saveUserBasketLines(basketId: number, lines: BasketLineRow[]): Promise<void> {
      if (lines.length === 0) return;
      await db
        .insert(basketLines)
        .values(lines.map((line) => ({ basketId, ...line })))
        .onConflictDoUpdate({
          target: [basketLines.basketId, basketLines.productId],
          set: {
            quantity: sql`excluded.quantity`,
            selected: sql`excluded.selected`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await db
        .update(baskets)
        .set({ version: sql`${baskets.version} + 1`, updatedAt: sql`now()` })
        .where(eq(baskets.id, basketId));
    },
  };
}
export type VisitorMergeRepository = ReturnType<typeof createVisitorMergeRepository>;
