import { RECENT_SEARCHES_KEEP, type RecentSearch } from "#contract/search-history.ts";
import { type Actor, type Owner, rowOwnerOf } from "#server/domain/actor.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import type { RecentSearchesRepository } from "./repository.ts";

/** Two queries are the same search when they differ only in case or ё/е. */
export function recentQueryKey(query: string): string {
  return query.toLocaleLowerCase("ru").replaceAll("ё", "е");
}

function toRecent(row: { id: number; query: string; searchedAt: Date }): RecentSearch {
  return { id: row.id, query: row.query, searchedAt: row.searchedAt.toISOString() };
}

/**
 * Recent search queries (ADR 010): the signed-in user's own, else the anonymous visitor's (ADR 032); an
 * anonymous actor has nothing to show or change.
 */
export function createRecentSearchesService(repository: RecentSearchesRepository) {
  return {
    /** `query` comes normalised (trimmed, whitespace collapsed, 1–100 characters) by the contract. */
    async record(owner: Owner, query: string): Promise<RecentSearch> {
      return toRecent(
        await repository.record(rowOwnerOf(owner)!, query, recentQueryKey(query), RECENT_SEARCHES_KEEP),
      );
    },
    async list(actor: Actor): Promise<{ items: RecentSearch[] }> {
      const owner = rowOwnerOf(actor);
      if (!owner) return { items: [] };
      return { items: (await repository.list(owner, RECENT_SEARCHES_KEEP)).map(toRecent) };
    },
    /** Idempotent: an entry already gone (or never the owner's) is not an error. */
    async remove(actor: Actor, id: number): Promise<void> {
      const owner = rowOwnerOf(actor);
      if (owner) await repository.remove(owner, id);
    },
    async clear(actor: Actor): Promise<void> {
      const owner = rowOwnerOf(actor);
      if (owner) await repository.clear(owner);
    },
    /** Deletes visitors' queries last searched before `before`, `batch` rows per statement; returns how many. */
    purgeBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeVisitorsBefore(before, n), batch),
  };
}
export type RecentSearchesService = ReturnType<typeof createRecentSearchesService>;
