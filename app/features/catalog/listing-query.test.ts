import { describe, expect, it } from "vitest";
import { readListingState } from "./listing-params.ts";
import { readsListingParam, SORT_AND_PAGE } from "./listing-query.ts";

/** The URL's query with only the parameters a declaration names, as the page cache renders it. */
const only = (search: string, reads: (name: string) => boolean) =>
  new URLSearchParams([...new URLSearchParams(search)].filter(([name]) => reads(name)));

describe("what listing screens declare they read", () => {
  const full =
    "sort=price_asc&page=3&brand=apple&brand=xiaomi&seller=tekhnopark&priceMin=100&priceMax=900&inStock=1" +
    "&cashback=1&topProfit=1&ratingMin=4&p.memory=128+ГБ&p.color=red,blue&utm_source=ya&x=1&webview=1";

  it("keeps every parameter a filterable listing reads, so its state is the same with the rest dropped", () => {
    const state = readListingState(new URLSearchParams(full));
    expect(Object.keys(state.filters)).toHaveLength(10);
    expect(readListingState(only(full, readsListingParam))).toEqual(state);
    expect(readsListingParam("utm_source")).toBe(false);
    expect(readsListingParam("x")).toBe(false);
  });

  it("keeps sort and page for a listing without filters", () => {
    const reads = (name: string) => (SORT_AND_PAGE as readonly string[]).includes(name);
    const state = readListingState(new URLSearchParams(full), { withFilters: false });
    expect(readListingState(only(full, reads), { withFilters: false })).toEqual(state);
  });
});
