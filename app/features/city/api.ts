import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";

/** Suggestions shown for a typed query. */
export const CITY_SEARCH_LIMIT = 10;
/** The city list only changes with releases (the API lets caches keep it for an hour). */
const CITY_LIST_STALE_TIME_MS = 60 * 60 * 1000;
const CITY_SEARCH_STALE_TIME_MS = 5 * 60 * 1000;

export const cityKeys = {
  all: ["city"] as const,
  current: () => [...cityKeys.all, "current"] as const,
  list: () => [...cityKeys.all, "list"] as const,
  search: (query: string) => [...cityKeys.all, "search", query] as const,
};

/** The shopper's city (from their cookie) and whether they chose it; `api` is the loader's client on the server. */
export function currentCityQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: cityKeys.current(),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.address.current.$get(undefined, { init: { signal } })),
  });
}

/** Every city, the largest first. */
export function cityListQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: cityKeys.list(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.address.$get(undefined, { init: { signal } })),
    staleTime: CITY_LIST_STALE_TIME_MS,
  });
}

/**
 * Suggestions for a typed query (trimmed; an empty one is not sent). While the next query loads, the
 * previous suggestions stay on screen instead of flashing empty.
 */
export function citySearchQuery(query: string, api?: ApiClient) {
  const q = query.trim();
  return queryOptions({
    queryKey: cityKeys.search(q),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.address.find.city.$get(
          { query: { query: q, limit: CITY_SEARCH_LIMIT } },
          { init: { signal } },
        ),
      ),
    enabled: q.length > 0,
    staleTime: CITY_SEARCH_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
}

/** Confirms a city (the API remembers it in a cookie) and shows it everywhere at once. */
export function useConfirmCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cityId: number) =>
      unwrap(getApi().v1.address.confirm[":id"].$post({ param: { id: cityId } })),
    onSuccess: (current) => {
      queryClient.setQueryData(cityKeys.current(), current);
      // Queries of other features that depend on the city (delivery dates, pickup points) opt in with
      // `meta: { dependsOnCity: true }` and are refetched for the new one.
      void queryClient.invalidateQueries({ predicate: (query) => query.meta?.dependsOnCity === true });
    },
  });
}
