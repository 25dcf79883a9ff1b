import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import { catalogKeys } from "./api.ts";

/** The catalogue page's sections and branches with a picture each; they move with stock, so five minutes. */
export function catalogTilesQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: [...catalogKeys.categories(), "tiles"] as const,
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.categories.tiles.$get({}, { init: { signal } })),
    staleTime: 5 * 60 * 1000,
  });
}
