import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  hashKey,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import type { AppLoadContext } from "react-router";
import { type ApiClient, createApiClient } from "./api-client.ts";
import { requestQueryClient } from "./query-client.ts";
import { unavailableAsRouteResponse } from "./service-unavailable.ts";
import "./load-context.ts";

interface RequestScope {
  client: QueryClient;
  api: ApiClient;
}

// One per server request: React Router hands every loader of a request the same load context object.
const scopes = new WeakMap<AppLoadContext, RequestScope>();

function requestScope(context: AppLoadContext): RequestScope {
  let scope = scopes.get(context);
  if (!scope) {
    scope = {
      client: requestQueryClient(),
      // A 503 ends the render with the 503 screen (service-unavailable.ts).
      api: createApiClient({
        transport: (path, init) => context.apiFetch(path, init),
        thrownFor: unavailableAsRouteResponse,
      }),
    };
    scopes.set(context, scope);
  }
  return scope;
}

/** The API client for a loader running on the server: one per request, in-process (or API_ORIGIN). */
export function serverApi(context: AppLoadContext): ApiClient {
  return requestScope(context).api;
}

type QueryOptions = { queryKey: readonly unknown[] };

/**
 * A loader's view of its request's one QueryClient. The root, layout and route loaders run in parallel
 * and share the client, so a query two of them need is fetched once. Each loader dehydrates only the
 * queries it asked for itself: otherwise whichever loader finished last would send the others' data
 * again in its own payload.
 */
export class LoaderQueries {
  readonly #own = new Set<string>();

  constructor(readonly client: QueryClient) {}

  #note(options: QueryOptions): void {
    this.#own.add(hashKey(options.queryKey));
  }

  ensureQueryData: QueryClient["ensureQueryData"] = (options) => {
    this.#note(options);
    return this.client.ensureQueryData(options);
  };

  prefetchQuery: QueryClient["prefetchQuery"] = (options) => {
    this.#note(options);
    return this.client.prefetchQuery(options);
  };

  /** The loader's own successful queries, for its route's `PageDataBoundary`; `include` narrows them. */
  dehydrate(include: (query: Query) => boolean = () => true): DehydratedState {
    return dehydrate(this.client, {
      shouldDehydrateQuery: (query) =>
        this.#own.has(query.queryHash) && defaultShouldDehydrateQuery(query) && include(query),
    });
  }
}

/** The queries of one loader over its request's shared QueryClient. */
export function loaderQueries(context: AppLoadContext): LoaderQueries {
  return new LoaderQueries(requestScope(context).client);
}
