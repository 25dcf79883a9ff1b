import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { inventory, orderLines, orderShipments, products, sellers } from "#server/db/schema/index.ts";
import { intArray, sharedStatement } from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/**
 * Inventory owns stock (commerce.md; ADR 048): the units on hand of each product, in their own table so
 * that a sale does not rewrite the catalogue's row. What the catalogue shows of stock is only whether a
 * product can be bought (`products.has_stock`: cards, listings, the «В наличии» facet, the buy box); the
 * table's trigger (migration 0021) writes it when a product sells out or comes back, which is then the
 * only stock change that drops listings and search. Every change of a count drops that product's own
 * page and data (`stock:<id>` on `catalog_changed`), since the buy box and the basket read the count.
 *
 * The count itself is read straight from here by the personal, uncached reads that need it: the basket,
 * the visitor merge, placement.
 */

/**
 * Units on hand as a column of a read that joins `inventory` to `products` (a left join: a product
 * without a row has none).
 */
export const stockOnHand = sql<number>`coalesce(${inventory.stock}, 0)`.mapWith(Number);

/** Every line's units taken in one conditional update, built once for the process (ADR 077). */
const takeAllStatement = sharedStatement("take_stock", (db, name) =>
  db
    .update(inventory)
    .set({ stock: sql`${inventory.stock} - wanted.quantity`, updatedAt: sql`now()` })
    .from(
      sql`unnest(${sql.placeholder("ids")}::int[], ${sql.placeholder("quantities")}::int[]) AS wanted (product_id, quantity)`,
    )
    .where(sql`${inventory.productId} = wanted.product_id AND ${inventory.stock} >= wanted.quantity`)
    .returning({ productId: inventory.productId })
    .prepare(name),
);

/** Over the database or one transaction (a placement takes stock in the transaction that makes the order). */
export function createInventoryRepository(db: Executor) {
  return {
    /**
     * Takes `quantity` units if there are that many, in one conditional update: whatever else holds the
     * row, stock never goes below zero. False when there are not (nothing changes).
     */
    async take(productId: number, quantity: number): Promise<boolean> {
      const rows = await db
        .update(inventory)
        .set({ stock: sql`${inventory.stock} - ${quantity}`, updatedAt: sql`now()` })
        .where(and(eq(inventory.productId, productId), sql`${inventory.stock} >= ${quantity}`))
        .returning({ productId: inventory.productId });
      return rows.length > 0;
    },

    /**
     * Takes each line's units where there are that many, in one conditional update (the rows locked in id
     * order beforehand, as a placement does: one statement then takes them all without a deadlock, and the
     * inventory trigger runs once). Answers the products whose units were taken; a product missing from
     * the answer had too few, and its row is unchanged.
     */
    async takeAll(lines: readonly { productId: number; quantity: number }[]): Promise<Set<number>> {
      if (lines.length === 0) return new Set();
      const rows = await takeAllStatement(db).execute({
        ids: intArray(lines.map((l) => l.productId)),
        quantities: intArray(lines.map((l) => l.quantity)),
      });
      return new Set(rows.map((r) => r.productId));
    },

    /**
     * Gives units back (an expired or cancelled order), product by product in id order: two returns of
     * overlapping orders, and a placement locking the same rows, queue in one order and never deadlock.
     */
    async giveBack(lines: readonly { productId: number; quantity: number }[]): Promise<void> {
      for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
        // An upsert: units given back to a product that never had a row are not lost.
        await db
          .insert(inventory)
          .values({ productId: line.productId, stock: line.quantity })
          .onConflictDoUpdate({
            target: inventory.productId,
            set: { stock: sql`${inventory.stock} + ${line.quantity}`, updatedAt: sql`now()` },
          });
      }
    },
  };
}
/**
 * Shipments whose units are still in the warehouse: taken from `stock` at placement (ADR 040), they leave
 * the building when the parcel is handed to delivery. An operator's count of the shelf includes them.
 */
export const RESERVING_STATUSES = ["awaiting_payment", "paid", "assembling"] as const;

/** The back office's view of stock (issue 20, point 10): what is for sale, what orders hold, the shelf. */
export function createStockDeskRepository(db: Executor) {
  const columns = {
    productId: products.id,
    name: products.name,
    sellerName: sellers.name,
    hasStock: products.hasStock,
    stock: stockOnHand,
    updatedAt: inventory.updatedAt,
  };
  const base = () =>
    db
      .select(columns)
      .from(products)
      .leftJoin(inventory, eq(inventory.productId, products.id))
      .leftJoin(sellers, eq(sellers.id, products.sellerId));

  return {
    ...createInventoryRepository(db),

    /** Products by id or by a part of the name (the trigram index on `lower(name)`), at most `limit`. */
    async find(query: string, limit: number) {
      const id = /^\d{1,9}$/.test(query) ? Number(query) : undefined;
      const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byName = sql`lower(${products.name}) LIKE ${pattern}`;
      return base()
        .where(id === undefined ? byName : sql`(${products.id} = ${id} OR ${byName})`)
        .orderBy(id === undefined ? asc(products.id) : sql`${products.id} = ${id} DESC, ${products.id}`)
        .limit(limit);
    },

    async product(productId: number) {
      const [row] = await base().where(eq(products.id, productId));
      return row;
    },

    /** Units of each product held by orders not yet handed to delivery. */
    async reserved(productIds: readonly number[]): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({
          productId: orderLines.productId,
          units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`.mapWith(Number),
        })
        .from(orderLines)
        .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
        .where(
          and(
            inArray(orderLines.productId, [...productIds]),
            inArray(orderShipments.status, [...RESERVING_STATUSES]),
          ),
        )
        .groupBy(orderLines.productId);
      return new Map(rows.map((r) => [r.productId, r.units]));
    },

    /**
     * The product's inventory row locked for a change (made with no stock if it has none): placements
     * lock the same row (ADR 048), so nothing sells between the operator's check and the write.
     */
    async lock(productId: number): Promise<number> {
      await db.insert(inventory).values({ productId, stock: 0 }).onConflictDoNothing();
      const [row] = await db
        .select({ stock: inventory.stock })
        .from(inventory)
        .where(eq(inventory.productId, productId))
        .for("update");
      return row!.stock;
    },

    /** Sets the units for sale; the table's trigger updates `has_stock` and announces the change. */
    async set(productId: number, stock: number): Promise<void> {
      await db
        .update(inventory)
        .set({ stock, updatedAt: sql`now()` })
        .where(eq(inventory.productId, productId));
    },
  };
}
export type StockDeskRepository = ReturnType<typeof createStockDeskRepository>;

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
