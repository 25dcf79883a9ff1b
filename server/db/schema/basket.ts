import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { users } from "./identity.ts";

/**
 * One basket per owner: a signed-in user or an anonymous visitor (commerce.md, Basket). At sign-in the
 * visitor's basket merges into the user's. `version` grows with every change, so a checkout can claim
 * exactly the basket it showed (its idempotency key is unique per user and basket version).
 */
export const baskets = pgTable(
  "baskets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("baskets_user_idx").on(t.userId),
    uniqueIndex("baskets_visitor_idx").on(t.visitorId),
    check("baskets_one_owner", sql`(${t.userId} IS NULL) <> (${t.visitorId} IS NULL)`),
  ],
);

/**
 * A basket line. The price and the stock seen when the line was added are kept so the basket can say
 * what changed since; what the shopper pays always comes from the catalogue at checkout.
 */
export const basketLines = pgTable(
  "basket_lines",
  {
    basketId: bigint("basket_id", { mode: "number" })
      .notNull()
      .references(() => baskets.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** Only selected lines are bought. */
    selected: boolean("selected").notNull().default(true),
    /** Kopecks, when the line was added or its quantity last set. */
    priceWhenAdded: integer("price_when_added").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.basketId, t.productId] }),
    check("basket_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
