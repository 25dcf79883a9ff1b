import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

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
