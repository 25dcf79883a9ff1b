import { QueryCache, QueryClient, type QueryClientConfig } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";
import { reportNonFatalError } from "./app-error.ts";

export const MAIN_STALE_TIME_MS = 5000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const MAX_QUERY_RETRIES = 3;

/** Doubling from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Up to 3 retries, none for 4xx (the request itself is wrong) and none while rendering on the server. */
export function shouldRetry(
  failureCount: number,
  error: unknown,
  isServer = typeof window === "undefined",
): boolean {
  if (isServer) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/**
 * A client that lives as long as one server request: the loaders' (loader-queries.ts) and the root
 * layout's during a server render. None of its queries may schedule garbage collection, whatever gcTime
 * it asks for: a pending timer on any one query (5 minutes by default here, 10 for the guid dictionary)
 * kept its whole cache — the render's listing, facets, product — reachable for minutes after the page
 * was sent, ~100 KB per render and hundreds of MB under load (ADR 025). Dropped with the request, it
 * needs no collection.
 */
export function requestQueryClient(config?: QueryClientConfig): QueryClient {
  const client = new QueryClient(config);
  const defaulted = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => ({
    ...defaulted(options),
    gcTime: Number.POSITIVE_INFINITY,
  })) as QueryClient["defaultQueryOptions"];
  return client;
}

/** `isServer`: the root layout's client during a server render (see requestQueryClient). */
export function createQueryClient(
  onGlobalError: (error: unknown) => void = reportNonFatalError,
  isServer = typeof window === "undefined",
): QueryClient {
  const config: QueryClientConfig = {
    // Queries marked `meta.globalError` (the guid dictionary) report failures to the app, not the screen.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.globalError) onGlobalError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: MAIN_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: (count, error) => shouldRetry(count, error),
        retryDelay,
      },
    },
  };
  return isServer ? requestQueryClient(config) : new QueryClient(config);
}
