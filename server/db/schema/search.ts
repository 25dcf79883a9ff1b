import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/**
 * A visitor's or a signed-in user's recent search queries (the newest 20 are kept). Rows are addressed
 * by a surrogate `id` rather than by their owner (ADR 010); at sign-in a visitor's rows merge into the
 * user's.
 */
export const recentSearches = pgTable(
  "recent_searches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    visitorId: text("visitor_id"),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    /** As last typed: trimmed, whitespace collapsed. */
    query: text("query").notNull(),
    /** The de-duplication key: the query lower-cased with ё as е. */
    queryKey: text("query_key").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("recent_searches_one_owner", sql`(${t.userId} IS NULL) <> (${t.visitorId} IS NULL)`),
    uniqueIndex("recent_searches_visitor_query_idx").on(t.visitorId, t.queryKey),
    uniqueIndex("recent_searches_user_query_idx").on(t.userId, t.queryKey),
    index("recent_searches_user_recent_idx").on(t.userId, t.searchedAt),
    index("recent_searches_visitor_recent_idx").on(t.visitorId, t.searchedAt),
    // Housekeeping deletes rows past the visitor cookie's lifetime (server/domain/housekeeping.ts).
    index("recent_searches_searched_at_idx").on(t.searchedAt),
  ],
);
