import type { ProductSort } from "#contract/catalog.ts";
import { MAX_RESULT_DEPTH } from "#contract/input-bounds.ts";

/** Cards per listing page: whole rows at 2, 4 and 6 columns, and a page light enough to start fast. */
export const LISTING_LIMIT = 24;
/** The last page a listing offers: the API pages no deeper than MAX_RESULT_DEPTH products. */
export const LISTING_LAST_PAGE = Math.floor(MAX_RESULT_DEPTH / LISTING_LIMIT);

/** URL parameters a listing understands; they go to the API as they are (see GET /api/v1/products). */
const FILTER_KEYS = [
  "brand",
  "seller",
  "priceMin",
  "priceMax",
  "inStock",
  "cashback",
  "topProfit",
  "ratingMin",
] as const;

export const SORT_LABELS: Record<ProductSort, string> = {
  popular: "Популярные",
  price_asc: "Сначала дешёвые",
  price_desc: "Сначала дорогие",
  new: "Новинки",
  rating: "С высоким рейтингом",
  discount: "С большой скидкой",
};

/** A listing's order; `relevance` is search's own (its results are a listing too, ADR 063). */
export type ListingSort = ProductSort | "relevance";

/** Search results' orders: relevance first, then the listing's. */
export const SEARCH_SORT_LABELS: Record<ListingSort, string> = {
  relevance: "По релевантности",
  ...SORT_LABELS,
};

/**
 * How a listing's URL is written besides its state: parameters it always keeps (search's `q` and chosen
 * category) and the order left out of it as the default.
 */
export interface ListingUrl {
  keep?: Record<string, string>;
  defaultSort?: ListingSort;
}

export interface ListingState {
  sort: ListingSort;
  page: number;
  /** Active filters as URL parameters, in a stable order (the query cache keys on them). */
  filters: Record<string, string>;
}

export function isFilterKey(key: string): boolean {
  return (FILTER_KEYS as readonly string[]).includes(key) || /^p\.[a-z0-9_-]{1,64}$/.test(key);
}

/**
 * Reads sort, page and filters from a listing URL; anything else in the query string is ignored, and so
 * are the filters of a listing that offers none (`withFilters: false`).
 */
export function readListingState(
  search: URLSearchParams,
  {
    withFilters = true,
    sorts = SORT_LABELS,
    defaultSort = "popular",
  }: { withFilters?: boolean; sorts?: Partial<Record<ListingSort, string>>; defaultSort?: ListingSort } = {},
): ListingState {
  const sort = (search.get("sort") ?? defaultSort) as ListingSort;
  const page = Math.min(Math.max(Number.parseInt(search.get("page") ?? "1", 10) || 1, 1), LISTING_LAST_PAGE);
  const filters: Record<string, string> = {};
  for (const key of withFilters ? [...new Set(search.keys())].sort() : []) {
    const value = search.getAll(key).join(",").trim();
    if (isFilterKey(key) && value) filters[key] = value;
  }
  return { sort: sort in sorts ? sort : defaultSort, page, filters };
}

/** The URL query for a state; defaults are left out so the plain category URL stays the canonical one. */
export function listingSearch(
  state: ListingState,
  { keep = {}, defaultSort = "popular" }: ListingUrl = {},
): string {
  const params = new URLSearchParams(keep);
  for (const [key, value] of Object.entries(state.filters)) params.set(key, value);
  if (state.sort !== defaultSort) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Toggles one value of a multi-value filter (`brand=a,b`); a changed filter starts again at page 1. */
export function toggleValue(state: ListingState, key: string, value: string): ListingState {
  const values = new Set((state.filters[key] ?? "").split(",").filter(Boolean));
  if (values.has(value)) values.delete(value);
  else values.add(value);
  return setFilter(state, key, [...values].join(","));
}

export function setFilter(state: ListingState, key: string, value: string | undefined): ListingState {
  const filters = { ...state.filters };
  if (value) filters[key] = value;
  else delete filters[key];
  return {
    ...state,
    page: 1,
    filters: Object.fromEntries(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export function activeFilterCount(state: ListingState): number {
  return Object.keys(state.filters).length;
}
