import { sql } from "drizzle-orm";
import { check, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";

/**
 * Units on hand per product (commerce.md, Inventory; ADR 048): the one place stock is counted, taken by
 * placements and given back by expiries. Kept apart from `products` so a sale does not rewrite the
 * catalogue's row: a trigger (migration 0021) sets `products.has_stock` only when a product sells out or
 * comes back, and announces every change on `catalog_changed` as `stock:<ids>`, which drops only those
 * products' own pages.
 */
export const inventory = pgTable(
  "inventory",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    stock: integer("stock").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("inventory_stock_nonnegative", sql`${t.stock} >= 0`)],
);
