import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";

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

/** Products a visitor opened, newest first; the visitor is an opaque id in an HttpOnly cookie. */
export const viewedProducts = pgTable(
  "viewed_products",
  {
    visitorId: text("visitor_id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitorId, t.productId] }),
    index("viewed_products_recent_idx").on(t.visitorId, t.viewedAt),
    // Housekeeping deletes rows past the visitor cookie's lifetime (server/domain/housekeeping.ts).
    index("viewed_products_viewed_at_idx").on(t.viewedAt),
  ],
);
