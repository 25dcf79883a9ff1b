import { RECENT_SEARCHES_KEEP, type RecentSearch } from "#contract/search-history.ts";
import { type Actor, type Owner, visitorKeyOf } from "#server/domain/actor.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import type { RecentSearchesRepository } from "./repository.ts";

/** Two queries are the same search when they differ only in case or ё/е. */
export function recentQueryKey(query: string): string {
  return query.toLocaleLowerCase("ru").replaceAll("ё", "е");
}

function toRecent(row: { id: number; query: string; searchedAt: Date }): RecentSearch {
  return { id: row.id, query: row.query, searchedAt: row.searchedAt.toISOString() };
}

/** The visitor's recent search queries (ADR 010); an anonymous actor has nothing to show or change. */
export function createRecentSearchesService(repository: RecentSearchesRepository) {
  return {
    /** `query` comes normalised (trimmed, whitespace collapsed, 1–100 characters) by the contract. */
    async record(owner: Owner, query: string): Promise<RecentSearch> {
      return toRecent(
        await repository.record(owner.visitorId, query, recentQueryKey(query), RECENT_SEARCHES_KEEP),
      );
    },
    async list(actor: Actor): Promise<{ items: RecentSearch[] }> {
      const visitorId = visitorKeyOf(actor);
      if (!visitorId) return { items: [] };
      return { items: (await repository.list(visitorId, RECENT_SEARCHES_KEEP)).map(toRecent) };
    },
    /** Idempotent: an entry already gone (or never the visitor's) is not an error. */
    async remove(actor: Actor, id: number): Promise<void> {
      const visitorId = visitorKeyOf(actor);
      if (visitorId) await repository.remove(visitorId, id);
    },
    async clear(actor: Actor): Promise<void> {
      const visitorId = visitorKeyOf(actor);
      if (visitorId) await repository.clear(visitorId);
    },
    /** Deletes queries last searched before `before`, `batch` rows per statement; returns how many. */
    purgeBefore: (before: Date, batch: number) =>
      purgeInBatches((n) => repository.purgeBefore(before, n), batch),
  };
}
export type RecentSearchesService = ReturnType<typeof createRecentSearchesService>;
