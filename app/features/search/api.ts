import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi } from "#app/lib/api-client.ts";
import type { SearchResult, SearchSort, SuggestResult } from "#contract/search.ts";

export interface SearchParams {
  q: string;
  page: number;
  limit: number;
  sort: SearchSort;
}

export const searchKeys = {
  results: (params: SearchParams) => ["search", "results", params] as const,
  suggest: (q: string) => ["search", "suggest", q] as const,
};

export function searchQuery(params: SearchParams, api?: ApiClient) {
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) =>
      (api ?? getApi()).get<SearchResult>("/search", { version: 1, query: params, signal }),
  });
}

/** Suggestions as the shopper types; a minute fresh, the same as the API's cache. */
export function suggestQuery(q: string, api?: ApiClient) {
  return queryOptions({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) =>
      (api ?? getApi()).get<SuggestResult>("/search/suggest", { version: 1, query: { q }, signal }),
    staleTime: 60_000,
  });
}
