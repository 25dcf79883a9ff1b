import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deleteBatch } from "#server/db/delete-batch.ts";
import { ownedBy, ownerColumns } from "#server/db/row-owner.ts";
import {
  basketLines,
  basketMutations,
  baskets,
  brands,
  cities,
  inventory,
  productImages,
  products,
  sellers,
} from "#server/db/schema/index.ts";
import { sharedStatement, statementOnce } from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import type { RowOwner } from "#server/domain/actor.ts";
import { cardColumns } from "#server/domain/catalog/repository.ts";
import { stockOnHand } from "#server/domain/inventory/repository.ts";
import { createWishlistRepository } from "#server/domain/wishlist/repository.ts";

const warehouse = alias(cities, "warehouse");

/** A basket line as a view shows it: the product's card, its stock, the line, its seller and warehouse. */
const lineColumns = {
  ...cardColumns,
  // The count, not only the card's flag: a line is capped by it and says «Осталось N шт.».
  stock: stockOnHand,
  quantity: basketLines.quantity,
  selected: basketLines.selected,
  priceWhenAdded: basketLines.priceWhenAdded,
  addedAt: basketLines.addedAt,
  sellerId: sellers.id,
  sellerCode: sellers.code,
  sellerName: sellers.name,
  cutoffHour: sellers.cutoffHour,
  warehouseLatitude: warehouse.latitude,
  warehouseLongitude: warehouse.longitude,
  warehouseTimezone: warehouse.timezone,
};

/**
 * A change's product with the basket's line of it and the basket's line count: every change of a line
 * runs it inside its transaction, so it is built once for the process (ADR 077), not per transaction.
 */
const productInBasketStatement = sharedStatement("basket_product", (db, name) =>
  db
    .select({
      id: products.id,
      price: products.price,
      stock: stockOnHand,
      orderLimit: products.orderLimit,
      isPreorder: products.isPreorder,
      isComingSoon: products.isComingSoon,
      quantity: basketLines.quantity,
      selected: basketLines.selected,
      priceWhenAdded: basketLines.priceWhenAdded,
      lineCount: sql<number>`(SELECT count(*)::int FROM ${basketLines} WHERE ${basketLines.basketId} = ${sql.placeholder("basketId")})`,
    })
    .from(products)
    .leftJoin(inventory, eq(inventory.productId, products.id))
    .leftJoin(
      basketLines,
      and(eq(basketLines.basketId, sql.placeholder("basketId")), eq(basketLines.productId, products.id)),
    )
    .where(eq(products.id, sql.placeholder("productId")))
    .for("key share", { of: products })
    .prepare(name),
);

/** What the rules need of a product to take it into a line. */
export interface BasketProduct {
  id: number;
  price: number;
  stock: number;
  orderLimit: number | null;
  isPreorder: boolean;
  isComingSoon: boolean;
}

export interface StoredLine {
  productId: number;
  quantity: number;
  selected: boolean;
  priceWhenAdded: number;
}

/** Over the database or a transaction: a mutation runs in one transaction holding the basket's row lock. */
export function createBasketRepository(db: Executor) {
  const wishlist = createWishlistRepository(db);
  const linesStatement = statementOnce(() =>
    db
      .select(lineColumns)
      .from(basketLines)
      .innerJoin(products, eq(products.id, basketLines.productId))
      .leftJoin(inventory, eq(inventory.productId, products.id))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .leftJoin(warehouse, eq(warehouse.id, sellers.warehouseCityId))
      .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
      .where(eq(basketLines.basketId, sql.placeholder("basketId")))
      .orderBy(desc(basketLines.addedAt), desc(basketLines.productId))
      .prepare("basket_lines"),
  );
  /**
   * The owner's basket and its lines in one read, for a view of the basket as it is (the basket page, the
   * delivery step): the basket's row with its lines left-joined to it — a basket without lines is one row
   * whose line columns are null, no row is no basket. Every line's product, brand and seller exist (foreign
   * keys), so the left joins past the line match what `linesStatement`'s inner joins do.
   */
  const withLinesBy = (column: typeof baskets.userId | typeof baskets.visitorId, name: string) =>
    statementOnce(() =>
      db
        .select({ basketId: baskets.id, version: baskets.version, ...lineColumns })
        .from(baskets)
        .leftJoin(basketLines, eq(basketLines.basketId, baskets.id))
        .leftJoin(products, eq(products.id, basketLines.productId))
        .leftJoin(inventory, eq(inventory.productId, products.id))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(sellers, eq(sellers.id, products.sellerId))
        .leftJoin(warehouse, eq(warehouse.id, sellers.warehouseCityId))
        .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
        .where(eq(column, sql.placeholder("owner")))
        .orderBy(desc(basketLines.addedAt), desc(basketLines.productId))
        .prepare(name),
    );
  type LineRow = Awaited<ReturnType<ReturnType<typeof linesStatement>["execute"]>>[number];
  const withLinesOfUser = withLinesBy(baskets.userId, "basket_with_lines_user");
  const withLinesOfVisitor = withLinesBy(baskets.visitorId, "basket_with_lines_visitor");
  /** Named, as `lines`: the header asks for the counts on every page a shopper with a basket opens. */
  const countsBy = (column: typeof baskets.userId | typeof baskets.visitorId, name: string) =>
    statementOnce(() =>
      db
        .select({
          version: baskets.version,
          productId: basketLines.productId,
          quantity: basketLines.quantity,
          stock: stockOnHand,
          orderLimit: products.orderLimit,
        })
        .from(baskets)
        .leftJoin(basketLines, eq(basketLines.basketId, baskets.id))
        .leftJoin(products, eq(products.id, basketLines.productId))
        .leftJoin(inventory, eq(inventory.productId, basketLines.productId))
        .where(eq(column, sql.placeholder("owner")))
        .prepare(name),
    );
  const countsOfUser = countsBy(baskets.userId, "basket_counts_user");
  const countsOfVisitor = countsBy(baskets.visitorId, "basket_counts_visitor");
  return {
    /**
     * Inside a transaction, the first statement of a change: moves the owner's basket's version on (made
     * at version 1 when missing), which also locks it until the transaction ends, so one basket's changes
     * run one after another; and records the change's key, when given. `claimed` is false when this basket
     * has seen the key already: the caller rolls back (the version with it) and applies nothing.
     */
    async lockForChange(
      owner: RowOwner,
      key: string | undefined,
    ): Promise<{ id: number; version: number; claimed: boolean }> {
      const keyText = key ?? null;
      const bumped = await db.execute(sql`
        WITH b AS (
          UPDATE ${baskets} SET version = version + 1, updated_at = now()
          WHERE ${ownedBy(baskets, owner)}
          RETURNING id, version
        ), k AS (
          INSERT INTO ${basketMutations} (basket_id, key)
          SELECT id, ${keyText}::text FROM b WHERE ${keyText}::text IS NOT NULL
          ON CONFLICT DO NOTHING RETURNING 1
        )
        SELECT id, version, (${keyText}::text IS NULL OR EXISTS (SELECT 1 FROM k)) AS claimed FROM b`);
      const row = (
        bumped as unknown as { rows: { id: string | number; version: number; claimed: boolean }[] }
      ).rows[0];
      if (row) return { id: Number(row.id), version: Number(row.version), claimed: row.claimed };
      const [made] = await db
        .insert(baskets)
        .values({ ...ownerColumns(owner), version: 1 })
        .onConflictDoNothing({ target: owner.userId !== undefined ? baskets.userId : baskets.visitorId })
        .returning({ id: baskets.id, version: baskets.version });
      // Made by a concurrent first change meanwhile: now it is there to move on.
      if (!made) return this.lockForChange(owner, key);
      if (key !== undefined) await db.insert(basketMutations).values({ basketId: made.id, key });
      return { ...made, claimed: true };
    },

    /**
     * The product's rules with the basket's line of it (if any) and the basket's line count, in one
     * statement; the product is kept from deletion until the transaction ends.
     */
    async productInBasket(
      basketId: number,
      productId: number,
    ): Promise<{ product: BasketProduct; line: StoredLine | undefined; lineCount: number } | undefined> {
      const [row] = await productInBasketStatement(db).execute({ basketId, productId });
      if (!row) return undefined;
      const { quantity, selected, priceWhenAdded, lineCount, ...product } = row;
      return {
        product,
        line:
          quantity === null || selected === null || priceWhenAdded === null
            ? undefined
            : { productId, quantity, selected, priceWhenAdded },
        lineCount,
      };
    },

    async insertLine(basketId: number, productId: number, quantity: number, price: number): Promise<void> {
      await db.insert(basketLines).values({ basketId, productId, quantity, priceWhenAdded: price });
    },

    /** A new quantity; the price-when-added moves to `price` (the shopper saw it when choosing). */
    async setQuantity(basketId: number, productId: number, quantity: number, price: number): Promise<void> {
      await db
        .update(basketLines)
        .set({ quantity, priceWhenAdded: price, updatedAt: sql`now()` })
        .where(and(eq(basketLines.basketId, basketId), eq(basketLines.productId, productId)));
    },

    /** Whether the line was there. */
    async deleteLine(basketId: number, productId: number): Promise<boolean> {
      const rows = await db
        .delete(basketLines)
        .where(and(eq(basketLines.basketId, basketId), eq(basketLines.productId, productId)))
        .returning({ productId: basketLines.productId });
      return rows.length > 0;
    },

    /** Selects or deselects one line (`productId`) or all; how many lines it touched. */
    async setSelected(basketId: number, selected: boolean, productId?: number): Promise<number> {
      const rows = await db
        .update(basketLines)
        .set({ selected })
        .where(
          and(
            eq(basketLines.basketId, basketId),
            productId === undefined ? undefined : eq(basketLines.productId, productId),
          ),
        )
        .returning({ productId: basketLines.productId });
      return rows.length;
    },

    /**
     * Puts the product into the owner's wishlist (kept as it is when there) under the wishlist's own
     * per-owner lock; false when it is not there and the wishlist already holds `limit` products.
     */
    async addToWishlist(owner: RowOwner, productId: number, limit: number): Promise<boolean> {
      await wishlist.lockOwner(owner);
      if (await wishlist.find(owner, productId)) return true;
      if ((await wishlist.count(owner)) >= limit) return false;
      await wishlist.insert(owner, productId);
      return true;
    },

    /**
     * The basket's lines with their product cards and sellers (with the warehouse city), newest first. A
     * named statement: PostgreSQL plans this eight-table join in ~1 ms and runs it in ~0.1 (issue 23), so
     * each connection keeps its plan instead of planning it for every basket change and view.
     */
    lines: (basketId: number) => linesStatement().execute({ basketId }),

    /** The owner's basket (undefined when it has none yet) and its lines, as `lines` reads them: one read. */
    async withLines(
      owner: RowOwner,
    ): Promise<{ basket: { id: number; version: number } | undefined; lines: LineRow[] }> {
      const rows = await (owner.userId !== undefined ? withLinesOfUser() : withLinesOfVisitor()).execute({
        owner: owner.userId ?? owner.visitorId,
      });
      const [first] = rows;
      if (!first) return { basket: undefined, lines: [] };
      return {
        basket: { id: first.basketId, version: first.version },
        // The line's columns are null together when the basket has none.
        lines: rows.flatMap(({ basketId: _, version: __, ...line }) =>
          line.quantity === null ? [] : [line as LineRow],
        ),
      };
    },

    /** The owner's lines (quantity and what caps them) and the basket's version: one indexed join, for the header. */
    async counts(owner: RowOwner) {
      const rows = await (owner.userId !== undefined ? countsOfUser() : countsOfVisitor()).execute({
        owner: owner.userId ?? owner.visitorId,
      });
      return {
        version: rows[0]?.version ?? 0,
        lines: rows.flatMap((r) =>
          r.productId === null || r.quantity === null
            ? []
            : [{ productId: r.productId, quantity: r.quantity, stock: r.stock, orderLimit: r.orderLimit }],
        ),
      };
    },

    /** Deletes up to `limit` change keys recorded before `before`; how many. */
    async purgeKeysBefore(before: Date, limit: number): Promise<number> {
      const deleted = await db.execute(
        sql`DELETE FROM ${basketMutations} WHERE ctid IN (SELECT ctid FROM ${basketMutations} WHERE ${basketMutations.createdAt} < ${before.toISOString()} LIMIT ${limit}) RETURNING 1`,
      );
      return (deleted as unknown as { rows: unknown[] }).rows.length;
    },

    /** Deletes up to `limit` visitors' baskets (with their lines) untouched since `before`; how many. */
    purgeVisitorBasketsBefore: (before: Date, limit: number): Promise<number> =>
      deleteBatch(
        db,
        baskets,
        baskets.id,
        and(isNotNull(baskets.visitorId), lt(baskets.updatedAt, before)),
        limit,
      ),
  };
}
export type BasketRepository = ReturnType<typeof createBasketRepository>;
export type BasketLineRow = Awaited<ReturnType<BasketRepository["lines"]>>[number];
