import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { CategoryTree, ProductSort } from "#contract/catalog.ts";
import { LISTING_LIMIT, type ListingState } from "./listing-params.ts";

export const catalogKeys = {
  all: ["catalog"] as const,
  products: (params: ProductListParams) => [...catalogKeys.all, "products", params] as const,
  product: (id: number) => [...catalogKeys.all, "product", id] as const,
  categories: () => [...catalogKeys.all, "categories"] as const,
  brand: (code: string) => [...catalogKeys.all, "brand", code] as const,
  seller: (code: string) => [...catalogKeys.all, "seller", code] as const,
};

export interface ProductListParams {
  sort: ProductSort;
  limit: number;
  page: number;
  categoryId?: number;
  brand?: string;
  seller?: string;
  /** Only the "Топ-выгода" promotion's products. */
  topProfit?: boolean;
}

/** A yes/no filter as the API reads it: `true`, or left out. */
function flag(on: boolean | undefined): "true" | undefined {
  return on ? "true" : undefined;
}

/**
 * The scope as query parameters. The promotion flag is set only by a promotion's scope: elsewhere the
 * shopper's own `topProfit` filter (from the URL) must reach the API untouched.
 */
function scopeQuery({ topProfit, ...scope }: ListingScope) {
  return topProfit ? { ...scope, topProfit: flag(topProfit) } : scope;
}

/** One page of products in one order; `api` is the loader's client on the server. */
export function productListQuery(params: ProductListParams, api?: ApiClient) {
  const query = { ...params, topProfit: flag(params.topProfit) };
  return queryOptions({
    queryKey: catalogKeys.products(params),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.products.$get({ query }, { init: { signal } })),
  });
}

export function productQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.products[":id"].$get({ param: { id } }, { init: { signal } })),
  });
}

/**
 * The category tree, `depth` levels deep (all by default). Hono's JSON typing stops at the tree's
 * recursion (`children: JSONValue`), so the contract's type names the shape.
 */
export async function fetchCategoryTree(
  api: ApiClient,
  query: { depth?: number } = {},
  signal?: AbortSignal,
): Promise<CategoryTree> {
  const tree = await unwrap(api.v1.categories.$get({ query }, { init: { signal } }));
  return tree as unknown as CategoryTree;
}

/** The whole category tree; it changes with merchandising, so it stays fresh for ten minutes. */
export function categoryTreeQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => fetchCategoryTree(api ?? getApi(), {}, signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function brandQuery(code: string, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.brand(code),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.brands[":code"].$get({ param: { code } }, { init: { signal } })),
  });
}

export function sellerQuery(code: string, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.seller(code),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.sellers[":code"].$get({ param: { code } }, { init: { signal } })),
  });
}

/**
 * What a listing screen is about: a category subtree, a brand's or seller's goods, a promotion's, or
 * what a search query finds (`q`: the search API's results and facets, ADR 063).
 */
export interface ListingScope {
  categoryId?: number;
  brand?: string;
  seller?: string;
  topProfit?: boolean;
  q?: string;
}

export function listingQuery(scope: ListingScope, state: ListingState, api?: ApiClient) {
  const { q, ...rest } = scope;
  const page = { page: state.page, limit: LISTING_LIMIT };
  return queryOptions({
    queryKey: [...catalogKeys.all, "listing", scope, state] as const,
    queryFn: ({ signal }) => {
      const client = api ?? getApi();
      if (q !== undefined) {
        const query = { ...state.filters, ...scopeQuery(rest), q, sort: state.sort, ...page };
        return unwrap(client.v1.search.$get({ query }, { init: { signal } }));
      }
      // Only search orders by relevance; a catalogue listing's state never holds it.
      const sort = state.sort === "relevance" ? "popular" : state.sort;
      const query = { ...state.filters, ...scopeQuery(rest), sort, ...page };
      return unwrap(client.v1.products.$get({ query }, { init: { signal } }));
    },
    placeholderData: (previous) => previous,
  });
}

/**
 * A brand's or seller's own page counts its facets within that brand or seller only (the API's
 * `within`): the page never shows that facet, and the server need not count the whole catalogue for it.
 */
function withinOf(scope: ListingScope): { within?: string } {
  const within = [scope.brand ? "brand" : undefined, scope.seller ? "seller" : undefined].filter(Boolean);
  return within.length > 0 ? { within: within.join(",") } : {};
}

export function facetsQuery(scope: ListingScope, filters: Record<string, string>, api?: ApiClient) {
  const { q, ...rest } = scope;
  return queryOptions({
    queryKey: [...catalogKeys.all, "facets", scope, filters] as const,
    queryFn: ({ signal }) => {
      const client = api ?? getApi();
      if (q !== undefined) {
        const query = { ...filters, ...scopeQuery(rest), q };
        return unwrap(client.v1.search.facets.$get({ query }, { init: { signal } }));
      }
      return unwrap(
        client.v1.products.facets.$get(
          { query: { ...filters, ...scopeQuery(rest), ...withinOf(rest) } },
          { init: { signal } },
        ),
      );
    },
    placeholderData: (previous) => previous,
  });
}

/**
 * The shopper's recently viewed products, newest first, `limit` of them (at most 50): the signed-in
 * shopper's account's, else the visitor's (the API knows either by an HttpOnly cookie).
 */
export function viewedQuery(api?: ApiClient, limit = 12) {
  return queryOptions({
    queryKey: [...catalogKeys.all, "viewed", limit] as const,
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.viewed.$get({ query: { limit } }, { init: { signal } })),
  });
}

/** «Очистить историю» of viewed products. */
export function clearViewedHistory(): Promise<undefined> {
  return unwrap(getApi().v1.viewed.$delete());
}

/** Records that the product page was opened; nothing on screen depends on it, so failures are ignored. */
export function recordView(productId: number): void {
  unwrap(getApi().v1.viewed[":productId"].$post({ param: { productId } })).catch(() => {});
}

export interface ReviewsParams {
  sort: "new" | "rating_desc" | "rating_asc";
  page: number;
  /** Only reviews with photos. */
  withPhotos?: boolean;
}

export function reviewsQuery(
  productId: number,
  { sort, page, withPhotos = false }: ReviewsParams,
  api?: ApiClient,
) {
  return queryOptions({
    queryKey: [...catalogKeys.product(productId), "reviews", sort, withPhotos, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.products[":id"].reviews.$get(
          { param: { id: productId }, query: { sort, page, limit: 10, withPhotos: flag(withPhotos) } },
          { init: { signal } },
        ),
      ),
    placeholderData: (previous) => previous,
  });
}
