import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { keepNewestRows, type OwnedTable } from "#server/db/row-owner.ts";
import {
  basketLines,
  baskets,
  inventory,
  options,
  products,
  recentSearches,
  viewedProducts,
  wishlistItems,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { stockOnHand } from "#server/domain/inventory/repository.ts";

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

/** The later of the row's and the incoming value: a repeat keeps the newest moment. */
const later = (column: PgColumn, excluded: string): SQL =>
  sql`greatest(${column}, excluded.${sql.identifier(excluded)})`;

/** How a visitor's rows of one list table become a user's. */
interface ListMove {
  table: PgTable & OwnedTable & { id: PgColumn };
  /** The columns a row carries over (all but the owner and the id). */
  columns: Record<string, PgColumn>;
  /** The user's unique key a moved row can meet an existing one on, and what the existing row takes. */
  target: PgColumn[];
  set: Record<string, SQL>;
  /** The moment the list is ordered by: the user keeps the newest rows. */
  at: PgColumn;
}

/**
 * Moves the visitor's rows of a list to the user: deleted with RETURNING, inserted as the user's (a row
 * the user has already takes `set`), then the user's list trimmed to its newest `keep`. How many moved.
 */
async function moveList(
  db: Executor,
  { table, columns, target, set, at }: ListMove,
  visitorId: string,
  userId: number,
  keep: number,
): Promise<number> {
  const moved: Record<string, unknown>[] = await db
    .delete(table)
    .where(eq(table.visitorId, visitorId))
    .returning(columns);
  if (moved.length === 0) return 0;
  await db
    .insert(table)
    .values(moved.map((row) => ({ userId, ...row })) as never)
    .onConflictDoUpdate({ target, set });
  await keepNewestRows(db, table, at, { userId }, keep);
  return moved.length;
}

const wishlistMove: ListMove = {
  table: wishlistItems,
  columns: { productId: wishlistItems.productId, addedAt: wishlistItems.addedAt },
  target: [wishlistItems.userId, wishlistItems.productId],
  set: { addedAt: later(wishlistItems.addedAt, "added_at") },
  at: wishlistItems.addedAt,
};

const viewedMove: ListMove = {
  table: viewedProducts,
  columns: { productId: viewedProducts.productId, viewedAt: viewedProducts.viewedAt },
  target: [viewedProducts.userId, viewedProducts.productId],
  set: { viewedAt: later(viewedProducts.viewedAt, "viewed_at") },
  at: viewedProducts.viewedAt,
};

const recentSearchesMove: ListMove = {
  table: recentSearches,
  columns: {
    query: recentSearches.query,
    queryKey: recentSearches.queryKey,
    searchedAt: recentSearches.searchedAt,
  },
  target: [recentSearches.userId, recentSearches.queryKey],
  // The same search typed in both: the later one's moment and spelling.
  set: {
    query: sql`CASE WHEN excluded.searched_at > ${recentSearches.searchedAt} THEN excluded.query ELSE ${recentSearches.query} END`,
    searchedAt: later(recentSearches.searchedAt, "searched_at"),
  },
  at: recentSearches.searchedAt,
};

const lineColumns = {
  productId: basketLines.productId,
  quantity: basketLines.quantity,
  selected: basketLines.selected,
  priceWhenAdded: basketLines.priceWhenAdded,
  addedAt: basketLines.addedAt,
  updatedAt: basketLines.updatedAt,
};

/**
 * Moves a visitor's rows to a user, run inside one transaction by the merge service. Each `move…` first
 * deletes the visitor's rows with RETURNING: a concurrent merge of the same visitor waits on those row
 * locks and then finds nothing, so a row moves once however many sign-ins race.
 */
export function createVisitorMergeRepository(db: Executor) {
  /** A basket's lines changed: its version grows (a checkout claims exactly the basket it showed). */
  const bumpVersion = async (basketId: number) => {
    await db
      .update(baskets)
      .set({ version: sql`${baskets.version} + 1`, updatedAt: sql`now()` })
      .where(eq(baskets.id, basketId));
  };
  return {
    async lockUser(userId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${MERGE_LOCK}::int, hashtext(${`u:${userId}`}))`);
    },

    moveWishlist: (visitorId: string, userId: number, keep: number): Promise<number> =>
      moveList(db, wishlistMove, visitorId, userId, keep),

    moveViewed: (visitorId: string, userId: number, keep: number): Promise<number> =>
      moveList(db, viewedMove, visitorId, userId, keep),

    moveRecentSearches: (visitorId: string, userId: number, keep: number): Promise<number> =>
      moveList(db, recentSearchesMove, visitorId, userId, keep),

    /** Takes the visitor basket's lines out (the basket stays, empty, one version on); [] when none. */
    async takeVisitorBasketLines(visitorId: string): Promise<BasketLineRow[]> {
      const [basket] = await db
        .select({ id: baskets.id })
        .from(baskets)
        .where(eq(baskets.visitorId, visitorId))
        .for("update");
      if (!basket) return [];
      const lines = await db
        .delete(basketLines)
        .where(eq(basketLines.basketId, basket.id))
        .returning(lineColumns);
      if (lines.length > 0) {
        await bumpVersion(basket.id);
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
        .select(lineColumns)
        .from(basketLines)
        .where(eq(basketLines.basketId, basket!.id));
      return { id: basket!.id, lines };
    },

    async productLimits(productIds: number[]): Promise<ProductLimits[]> {
      if (productIds.length === 0) return [];
      return (
        db
          .select({ id: products.id, stock: stockOnHand, orderLimit: products.orderLimit })
          .from(products)
          .leftJoin(inventory, eq(inventory.productId, products.id))
          .where(inArray(products.id, productIds))
          // Kept from deletion until the lines that name them are in.
          .for("key share", { of: products })
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
      await bumpVersion(basketId);
    },
  };
}
export type VisitorMergeRepository = ReturnType<typeof createVisitorMergeRepository>;
