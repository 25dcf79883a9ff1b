import { bigint, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A visitor's recent search queries (the newest 20 are kept). Rows are addressed by a surrogate `id`
 * rather than by their owner, so a `user_id` owner can join `visitor_id` later without changing the
 * key or the API (ADR 010).
 */
export const recentSearches = pgTable(
  "recent_searches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    visitorId: text("visitor_id").notNull(),
    /** As last typed: trimmed, whitespace collapsed. */
    query: text("query").notNull(),
    /** The de-duplication key: the query lower-cased with ё as е. */
    queryKey: text("query_key").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("recent_searches_visitor_query_idx").on(t.visitorId, t.queryKey),
    index("recent_searches_visitor_recent_idx").on(t.visitorId, t.searchedAt),
    // Housekeeping deletes rows past the visitor cookie's lifetime (server/domain/housekeeping.ts).
    index("recent_searches_searched_at_idx").on(t.searchedAt),
  ],
);
