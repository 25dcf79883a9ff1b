import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";

export const catalogMenuKeys = {
  all: ["catalog-menu"] as const,
  roots: () => [...catalogMenuKeys.all, "roots"] as const,
  node: (id: number) => [...catalogMenuKeys.all, "node", id] as const,
};

/** Menu nodes change with merchandising, not while a shopper browses: fresh for ten minutes. */
const MENU_STALE_TIME_MS = 10 * 60 * 1000;

/** The roots three levels deep, for the header's mega-menu; fetched on the first sign of interest. */
export function catalogMenuQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: catalogMenuKeys.roots(),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1["catalog-menu"].$get(undefined, { init: { signal } })),
    staleTime: MENU_STALE_TIME_MS,
  });
}

/** One node with its ancestors and children; `api` is the loader's client on the server. */
export function menuNodeQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogMenuKeys.node(id),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1["catalog-menu"][":id"].$get({ param: { id } }, { init: { signal } })),
    staleTime: MENU_STALE_TIME_MS,
  });
}
