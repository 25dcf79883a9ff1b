import { and, eq, sql } from "drizzle-orm";
import { inventory } from "#server/db/schema/index.ts";
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
export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
