import { queryOptions } from "@tanstack/react-query";
import type { ProductList, ProductSort } from "#contract/catalog.ts";
import { type ApiClient, getApi } from "#app/lib/api-client.ts";

export const catalogKeys = {
  all: ["catalog"] as const,
  products: (params: { sort: ProductSort; limit: number; page: number }) =>
    [...catalogKeys.all, "products", params] as const,
};

/** Products of the whole catalogue in one order; `api` is the loader's client on the server. */
export function productListQuery(
  params: { sort: ProductSort; limit: number; page: number },
  api?: ApiClient,
) {
  return queryOptions({
    queryKey: catalogKeys.products(params),
    queryFn: ({ signal }) =>
      (api ?? getApi()).get<ProductList>("/products", { version: 1, query: params, signal }),
  });
}
