import { describe, expect, it } from "vitest";
import { MAX_RESULT_DEPTH } from "#contract/catalog.ts";
import {
  activeFilterCount,
  LISTING_LAST_PAGE,
  LISTING_LIMIT,
  listingSearch,
  readListingState,
  SEARCH_SORT_LABELS,
  setFilter,
  toggleValue,
} from "./listing-params.ts";

describe("listing URL state", () => {
  it("reads and writes search results' state: relevance by default, the query kept first", () => {
    const options = { sorts: SEARCH_SORT_LABELS, defaultSort: "relevance" } as const;
    expect(readListingState(new URLSearchParams("q=айфон&inStock=1"), options)).toEqual({
      sort: "relevance",
      page: 1,
      filters: { inStock: "1" },
    });
    expect(readListingState(new URLSearchParams("q=x&sort=price_asc"), options).sort).toBe("price_asc");
    // A catalogue listing has no relevance order.
    expect(readListingState(new URLSearchParams("sort=relevance")).sort).toBe("popular");
    const url = { keep: { q: "айфон" }, defaultSort: "relevance" } as const;
    expect(listingSearch({ sort: "relevance", page: 1, filters: {} }, url)).toBe(
      "?q=%D0%B0%D0%B9%D1%84%D0%BE%D0%BD",
    );
    expect(listingSearch({ sort: "price_asc", page: 2, filters: { inStock: "1" } }, url)).toBe(
      "?q=%D0%B0%D0%B9%D1%84%D0%BE%D0%BD&inStock=1&sort=price_asc&page=2",
    );
  });

  it("reads sort, page and filters, ignoring unknown parameters", () => {
    const state = readListingState(
      new URLSearchParams("page=3&sort=price_asc&brand=apple&p.memory=128+ГБ&utm_source=mail"),
    );
    expect(state).toEqual({ sort: "price_asc", page: 3, filters: { brand: "apple", "p.memory": "128 ГБ" } });
  });

  it("keeps the top-profit filter, and reads no filters for a listing that offers none", () => {
    const search = new URLSearchParams("topProfit=1&inStock=1&sort=price_desc&page=2");
    expect(readListingState(search).filters).toEqual({ inStock: "1", topProfit: "1" });
    expect(readListingState(search, { withFilters: false })).toEqual({
      sort: "price_desc",
      page: 2,
      filters: {},
    });
  });

  it("falls back to popular and page 1 for nonsense", () => {
    expect(readListingState(new URLSearchParams("sort=cheapest&page=-4"))).toMatchObject({
      sort: "popular",
      page: 1,
    });
  });

  it("stops at the deepest page the API answers", () => {
    expect(LISTING_LAST_PAGE * LISTING_LIMIT).toBeLessThanOrEqual(MAX_RESULT_DEPTH);
    expect(readListingState(new URLSearchParams("page=99999")).page).toBe(LISTING_LAST_PAGE);
  });

  it("writes defaults out, so the bare URL is canonical", () => {
    expect(listingSearch({ sort: "popular", page: 1, filters: {} })).toBe("");
    expect(listingSearch({ sort: "new", page: 2, filters: { inStock: "1" } })).toBe(
      "?inStock=1&sort=new&page=2",
    );
  });

  it("toggles values of a filter and starts again at page 1", () => {
    let state = readListingState(new URLSearchParams("page=4"));
    state = toggleValue(state, "brand", "apple");
    state = toggleValue(state, "brand", "samsung");
    expect(state.filters.brand).toBe("apple,samsung");
    expect(state.page).toBe(1);
    state = toggleValue(state, "brand", "apple");
    expect(state.filters.brand).toBe("samsung");
    state = setFilter(state, "brand", undefined);
    expect(activeFilterCount(state)).toBe(0);
  });
});
