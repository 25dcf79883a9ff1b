import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { users } from "./identity.ts";

/** The flat code → value dictionary served by `GET /api/v1/main/guid` (statuses, reasons, labels). */
export const dictionaryEntries = pgTable("dictionary_entries", {
  code: text("code").primaryKey(),
  value: text("value").notNull(),
});

/** Runtime options served by `GET /api/v1/options`; values are booleans, numbers or strings. */
export const options = pgTable("options", {
  code: text("code").primaryKey(),
  value: jsonb("value").$type<boolean | number | string>().notNull(),
});

/** Server-provided redirects for storefront paths (old URLs, campaigns); external targets allowed. */
export const redirects = pgTable("redirects", {
  path: text("path").primaryKey(),
  target: text("target").notNull(),
});

/**
 * Content pages (/page/{slug}): about, delivery, payment, returns, contacts, offer, privacy. The body is
 * a small Markdown subset (## headings, paragraphs, "- " lists) rendered by the storefront.
 */
export const contentPages = pgTable("content_pages", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Products a shopper opened, newest first: an anonymous visitor's (an opaque id in an HttpOnly cookie) or
 * a signed-in user's. At sign-in the visitor's rows merge into the user's (commerce.md, Visitor → user).
 */
export const viewedProducts = pgTable(
  "viewed_products",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    visitorId: text("visitor_id"),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("viewed_products_one_owner", sql`(${t.userId} IS NULL) <> (${t.visitorId} IS NULL)`),
    uniqueIndex("viewed_products_visitor_product_idx").on(t.visitorId, t.productId),
    uniqueIndex("viewed_products_user_product_idx").on(t.userId, t.productId),
    index("viewed_products_recent_idx").on(t.visitorId, t.viewedAt),
    index("viewed_products_user_recent_idx").on(t.userId, t.viewedAt),
    // Housekeeping deletes visitors' rows past the visitor cookie's lifetime (server/domain/housekeeping.ts).
    index("viewed_products_viewed_at_idx").on(t.viewedAt),
  ],
);
