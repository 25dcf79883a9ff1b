import { and, desc, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import { recentSearches } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

const columns = {
  id: recentSearches.id,
  query: recentSearches.query,
  searchedAt: recentSearches.searchedAt,
};

/** Over the database or a transaction (`Executor`, server/db/unit-of-work.ts). */
export function createRecentSearchesRepository(db: Executor) {
  return {
    /**
     * Records a query (the same query again, in any case, moves to the top and keeps the form typed
     * last) and keeps the newest `keep` of the visitor's queries only. One repository's writes, so the
     * repository opens the transaction itself; inside a unit of work it becomes a savepoint of the
     * caller's transaction.
     */
    record: (visitorId: string, query: string, queryKey: string, keep: number) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(recentSearches)
          .values({ visitorId, query, queryKey })
          .onConflictDoUpdate({
            target: [recentSearches.visitorId, recentSearches.queryKey],
            set: { query, searchedAt: sql`now()` },
          })
          .returning(columns);
        const newest = tx
          .select({ id: recentSearches.id })
          .from(recentSearches)
          .where(eq(recentSearches.visitorId, visitorId))
          .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
          .limit(keep);
        await tx
          .delete(recentSearches)
          .where(and(eq(recentSearches.visitorId, visitorId), notInArray(recentSearches.id, newest)));
        return row!;
      }),

    list: (visitorId: string, limit: number) =>
      db
        .select(columns)
        .from(recentSearches)
        .where(eq(recentSearches.visitorId, visitorId))
        .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
        .limit(limit),

    remove: async (visitorId: string, id: number) => {
      await db
        .delete(recentSearches)
        .where(and(eq(recentSearches.visitorId, visitorId), eq(recentSearches.id, id)));
    },

    clear: async (visitorId: string) => {
      await db.delete(recentSearches).where(eq(recentSearches.visitorId, visitorId));
    },

    /** Deletes up to `limit` queries last searched before `before`; returns how many it deleted. */
    async purgeBefore(before: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: recentSearches.id })
        .from(recentSearches)
        .where(lt(recentSearches.searchedAt, before))
        .limit(limit);
      const deleted = await db
        .delete(recentSearches)
        .where(inArray(recentSearches.id, batch))
        .returning({ id: recentSearches.id });
      return deleted.length;
    },
  };
}
export type RecentSearchesRepository = ReturnType<typeof createRecentSearchesRepository>;
