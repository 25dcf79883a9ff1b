import { hashKey, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";

/**
 * A query's data as the cache holds it, for a component that many of a page carry (every product card)
 * while another one keeps the query fetched (the header keeps the basket count, the layout the city). It
 * reads and subscribes to the cache without a query observer of its own: two dozen cards each creating
 * observers cost a phone tens of milliseconds of the hydration task (ADR 036). `select` must return the
 * same reference for the same data (a field of it, not a new object). `atHydration` is what the browser
 * hydrates with, when its cache may hold more by then than the server's did (personal data that no loader
 * prefetches and the browser fetches after hydration); the server itself renders what its cache holds.
 */
export function useCachedQueryData<T, R>(
  queryKey: QueryKey,
  select: (data: T | undefined) => R,
  atHydration?: () => R,
): R {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [queryClient, hash],
  );
  const read = () => select(queryClient.getQueryCache().get<T>(hash)?.state.data);
  return useSyncExternalStore(
    subscribe,
    read,
    typeof window === "undefined" || !atHydration ? read : atHydration,
  );
}
