import { queryOptions } from "@tanstack/react-query";
import type { ProductListParams } from "#app/features/catalog/index.ts";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";

// The home page's data (issue 22, point 6; ADR 067): banners and the catalogue's sections with pictures,
// the same for every visitor; and the signed-in shopper's purchases, asked for after hydration.

export const homeKeys = {
  all: ["home"] as const,
  data: () => [...homeKeys.all, "data"] as const,
  purchases: (hint: string) => [...homeKeys.all, "purchases", hint] as const,
};

/** Banners showing now in the shop's theme and the sections' tiles; `api` is the loader's client. */
export function homeQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: homeKeys.data(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.main.home.$get({}, { init: { signal } })),
  });
}

/** The newest page of the shopper's received goods (keyed by the session hint: another account, another list). */
export function homePurchasesQuery(hint: string) {
  return queryOptions({
    queryKey: homeKeys.purchases(hint),
    queryFn: ({ signal }) => unwrap(getApi().v1.purchases.$get({ query: {} }, { init: { signal } })),
    staleTime: 60_000,
  });
}

/** A home collection's first products, only those in stock (the API's `inStock` filter). */
export function homeCollectionQuery(params: ProductListParams & { inStock: true }, api?: ApiClient) {
  const { topProfit, ...rest } = params;
  const query = { ...rest, ...(topProfit ? { topProfit: "true" as const } : {}), inStock: "true" as const };
  return queryOptions({
    queryKey: [...homeKeys.all, "collection", params] as const,
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.products.$get({ query }, { init: { signal } })),
  });
}
