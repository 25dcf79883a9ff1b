import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { SearchSort } from "#contract/search.ts";
import type { RecentSearchList } from "#contract/search-history.ts";
import { normalizeRecentQuery, RECENT_SEARCH_MAX_LENGTH } from "#contract/search-history-rules.ts";

export interface SearchParams {
  q: string;
  page: number;
  limit: number;
  sort: SearchSort;
}

export const searchKeys = {
  results: (params: SearchParams) => ["search", "results", params] as const,
  suggest: (q: string) => ["search", "suggest", q] as const,
  recent: ["search", "recent"] as const,
};

export function searchQuery(params: SearchParams, api?: ApiClient) {
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.search.$get({ query: params }, { init: { signal } })),
  });
}

/** Suggestions as the shopper types; a minute fresh, the same as the API's cache. */
export function suggestQuery(q: string, api?: ApiClient) {
  return queryOptions({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.search.suggest.$get({ query: { q } }, { init: { signal } })),
    staleTime: 60_000,
  });
}

/** Popular queries (and categories): what the suggestions offer before anything is typed. */
export function popularSearchesQuery(api?: ApiClient) {
  return suggestQuery("", api);
}

/** The visitor's recent queries, newest first (the API knows the visitor by an HttpOnly cookie). */
export function recentSearchesQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: searchKeys.recent,
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.search.recent.$get(undefined, { init: { signal } })),
  });
}

/**
 * Remembers a search the shopper made (called once the results page shows it, ADR 010). Nothing on screen
 * depends on it, so a failure is ignored; queries the history does not keep are not sent.
 */
export function recordSearch(queryClient: QueryClient, text: string): void {
  const query = normalizeRecentQuery(text);
  if (!query || query.length > RECENT_SEARCH_MAX_LENGTH) return;
  unwrap(getApi().v1.search.recent.$post({ json: { query } })).then(
    () => queryClient.invalidateQueries({ queryKey: searchKeys.recent }),
    () => {},
  );
}

const forgetKey = [...searchKeys.recent, "forget"] as const;

/**
 * Takes the removed query (or all) off the list at once and returns the list as it was shown, for the
 * rollback. The list is read before a refetch in flight is cancelled: the cancel reverts the query to its
 * state when that fetch began, which misses a page's data hydrated meanwhile (the list would briefly lose
 * rows the shopper still sees, and the keyboard focus with them).
 */
export async function showForgotten(
  queryClient: QueryClient,
  target: number | "all",
): Promise<{ previous: RecentSearchList | undefined }> {
  const previous = queryClient.getQueryData<RecentSearchList>(searchKeys.recent);
  await queryClient.cancelQueries({ queryKey: searchKeys.recent });
  if (previous) {
    queryClient.setQueryData<RecentSearchList>(searchKeys.recent, {
      items: target === "all" ? [] : previous.items.filter((item) => item.id !== target),
    });
  }
  return { previous };
}

/**
 * Removes one recent query (`id`) or all of them (`"all"`). The list changes at once; on failure it
 * comes back as it was and `onError` is told.
 */
export function useForgetRecentSearch(onError: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: forgetKey,
    mutationFn: (target: number | "all") =>
      target === "all"
        ? unwrap(getApi().v1.search.recent.$delete())
        : unwrap(getApi().v1.search.recent[":id"].$delete({ param: { id: target } })),
    onMutate: (target) => showForgotten(queryClient, target),
    onError: (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(searchKeys.recent, context.previous);
      onError();
    },
    // The last of several quick removals refetches: an earlier refetch would bring back a row still
    // being removed.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: forgetKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: searchKeys.recent })
        : undefined,
  });
}
