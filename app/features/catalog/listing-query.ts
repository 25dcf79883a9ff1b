import { isFilterKey } from "./listing-params.ts";

/**
 * The query parameters listing screens read (readListingState), declared in their route handles: a
 * cached listing is keyed and rendered by these alone (contract/page-cache.ts, ADR 025).
 */

/** A filterable listing: sort, page and every filter, `p.<property>` ones included. */
export function readsListingParam(name: string): boolean {
  return name === "sort" || name === "page" || isFilterKey(name);
}

/** A listing that offers sort and pages but no filters (`withFilters: false`). */
export const SORT_AND_PAGE = ["sort", "page"] as const;
