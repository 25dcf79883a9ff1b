import { and, desc, eq, inArray, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import { ownedBy, ownerColumns, ownerTarget } from "#server/db/row-owner.ts";
import { recentSearches } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import type { RowOwner } from "#server/domain/actor.ts";

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
     * last) and keeps the owner's newest `keep` queries only. One repository's writes, so the
     * repository opens the transaction itself; inside a unit of work it becomes a savepoint of the
     * caller's transaction.
     */
    record: (owner: RowOwner, query: string, queryKey: string, keep: number) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(recentSearches)
          .values({ ...ownerColumns(owner), query, queryKey })
          .onConflictDoUpdate({
            target: ownerTarget(recentSearches, owner, recentSearches.queryKey),
            set: { query, searchedAt: sql`now()` },
          })
          .returning(columns);
        const newest = tx
          .select({ id: recentSearches.id })
          .from(recentSearches)
          .where(ownedBy(recentSearches, owner))
          .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
          .limit(keep);
        await tx
          .delete(recentSearches)
          .where(and(ownedBy(recentSearches, owner), notInArray(recentSearches.id, newest)));
        return row!;
      }),

    list: (owner: RowOwner, limit: number) =>
      db
        .select(columns)
        .from(recentSearches)
        .where(ownedBy(recentSearches, owner))
        .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
        .limit(limit),

    remove: async (owner: RowOwner, id: number) => {
      await db.delete(recentSearches).where(and(ownedBy(recentSearches, owner), eq(recentSearches.id, id)));
    },

    clear: async (owner: RowOwner) => {
      await db.delete(recentSearches).where(ownedBy(recentSearches, owner));
    },

    /**
     * Deletes up to `limit` visitors' queries last searched before `before`; returns how many it deleted.
     * A user's queries are the account's and stay (capped per user as they are recorded).
     */
    async purgeVisitorsBefore(before: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: recentSearches.id })
        .from(recentSearches)
        .where(and(lt(recentSearches.searchedAt, before), isNotNull(recentSearches.visitorId)))
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
