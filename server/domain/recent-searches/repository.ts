import { and, desc, eq, sql } from "drizzle-orm";
import {
  keepNewestRows,
  ownedBy,
  ownerColumns,
  ownerTarget,
  purgeVisitorRowsBefore,
} from "#server/db/row-owner.ts";
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
        await keepNewestRows(tx, recentSearches, recentSearches.searchedAt, owner, keep);
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
    purgeVisitorsBefore: (before: Date, limit: number): Promise<number> =>
      purgeVisitorRowsBefore(db, recentSearches, recentSearches.searchedAt, before, limit),
  };
}
export type RecentSearchesRepository = ReturnType<typeof createRecentSearchesRepository>;
