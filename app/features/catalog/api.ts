import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi } from "#app/lib/api-client.ts";
import type {
  Brand,
  CategoryTree,
  ProductCard,
  ProductDetail,
  ProductFacets,
  ProductList,
  ProductSort,
  ReviewList,
  Seller,
} from "#contract/catalog.ts";
import type { ListingState } from "./listing-params.ts";

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

/** One page of products in one order; `api` is the loader's client on the server. */
export function productListQuery(params: ProductListParams, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.products(params),
    queryFn: ({ signal }) =>
      (api ?? getApi()).get<ProductList>("/products", { version: 1, query: params, signal }),
  });
}

export function productQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => (api ?? getApi()).get<ProductDetail>(`/products/${id}`, { version: 1, signal }),
  });
}

/** The whole category tree; it changes with merchandising, so it stays fresh for ten minutes. */
export function categoryTreeQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => (api ?? getApi()).get<CategoryTree>("/categories", { version: 1, signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export function brandQuery(code: string, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.brand(code),
    queryFn: ({ signal }) => (api ?? getApi()).get<Brand>(`/brands/${code}`, { version: 1, signal }),
  });
}

export function sellerQuery(code: string, api?: ApiClient) {
  return queryOptions({
    queryKey: catalogKeys.seller(code),
    queryFn: ({ signal }) => (api ?? getApi()).get<Seller>(`/sellers/${code}`, { version: 1, signal }),
  });
}

/** What a listing screen is about: a category subtree, a brand's or seller's goods, or a promotion's. */
export interface ListingScope {
  categoryId?: number;
  brand?: string;
  seller?: string;
  topProfit?: boolean;
}

/** Cards per listing page: whole rows at 2, 4 and 6 columns, and a page light enough to start fast. */
export const LISTING_LIMIT = 24;

export function listingQuery(scope: ListingScope, state: ListingState, api?: ApiClient) {
  const query = { ...state.filters, ...scope, sort: state.sort, page: state.page, limit: LISTING_LIMIT };
  return queryOptions({
    queryKey: [...catalogKeys.all, "listing", scope, state] as const,
    queryFn: ({ signal }) => (api ?? getApi()).get<ProductList>("/products", { version: 1, query, signal }),
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
  return queryOptions({
    queryKey: [...catalogKeys.all, "facets", scope, filters] as const,
    queryFn: ({ signal }) =>
      (api ?? getApi()).get<ProductFacets>("/products/facets", {
        version: 1,
        query: { ...filters, ...scope, ...withinOf(scope) },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

/** The visitor's recently viewed products (the API knows the visitor by an HttpOnly cookie). */
export function viewedQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: [...catalogKeys.all, "viewed"] as const,
    queryFn: ({ signal }) =>
      (api ?? getApi()).get<{ items: ProductCard[] }>("/viewed", {
        version: 1,
        query: { limit: 12 },
        signal,
      }),
  });
}

/** Records that the product page was opened; nothing on screen depends on it, so failures are ignored. */
export function recordView(productId: number): void {
  getApi()
    .post(`/viewed/${productId}`, undefined, { version: 1 })
    .catch(() => {});
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
      (api ?? getApi()).get<ReviewList>(`/products/${productId}/reviews`, {
        version: 1,
        query: { sort, page, limit: 10, withPhotos: withPhotos || undefined },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}
