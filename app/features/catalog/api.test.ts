import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "#app/lib/api-client.ts";
import { facetsQuery, listingQuery } from "./api.ts";

/** The query a listing's facets ask the API for. */
async function facetsRequest(
  scope: Parameters<typeof facetsQuery>[0],
  filters: Record<string, string>,
  path = "/api/v1/products/facets",
) {
  const transport = vi.fn(async (_path: string, _init: RequestInit) => Response.json({}));
  const options = facetsQuery(scope, filters, createApiClient({ transport }));
  // biome-ignore lint/suspicious/noExplicitAny: the query context is not used beyond its signal
  await (options.queryFn as (context: any) => Promise<unknown>)({ signal: new AbortController().signal });
  const url = new URL(transport.mock.calls[0]![0], "http://shop.local");
  expect(url.pathname).toBe(path);
  return Object.fromEntries(url.searchParams);
}

describe("facetsQuery", () => {
  it("counts a brand's or seller's own page within it", async () => {
    expect(await facetsRequest({ brand: "apple" }, { priceMax: "100" })).toEqual({
      priceMax: "100",
      brand: "apple",
      within: "brand",
    });
    expect(await facetsRequest({ seller: "vitrina", categoryId: 5 }, {})).toEqual({
      seller: "vitrina",
      categoryId: "5",
      within: "seller",
    });
  });

  it("leaves a category's brand filter to the shopper", async () => {
    expect(await facetsRequest({ categoryId: 5 }, { brand: "apple" })).toEqual({
      brand: "apple",
      categoryId: "5",
    });
  });

  it("sends the promotion flag as the API reads it, and keeps the shopper's own filter elsewhere", async () => {
    expect(await facetsRequest({ topProfit: true }, {})).toEqual({ topProfit: "true" });
    expect(await facetsRequest({ categoryId: 5 }, { topProfit: "1" })).toEqual({
      categoryId: "5",
      topProfit: "1",
    });
  });
});

describe("a search's results as a listing (ADR 063)", () => {
  it("asks the search API for the page and the facets, with the filters and the chosen category", async () => {
    const transport = vi.fn(async (_path: string, _init: RequestInit) => Response.json({}));
    const state = { sort: "relevance" as const, page: 2, filters: { brand: "apple" } };
    const options = listingQuery({ q: "айфон", categoryId: 7 }, state, createApiClient({ transport }));
    // biome-ignore lint/suspicious/noExplicitAny: the query context is not used beyond its signal
    await (options.queryFn as (context: any) => Promise<unknown>)({ signal: new AbortController().signal });
    const url = new URL(transport.mock.calls[0]![0], "http://shop.local");
    expect(url.pathname).toBe("/api/v1/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "айфон",
      categoryId: "7",
      brand: "apple",
      sort: "relevance",
      page: "2",
      limit: "24",
    });
    expect(await facetsRequest({ q: "айфон" }, { inStock: "1" }, "/api/v1/search/facets")).toEqual({
      q: "айфон",
      inStock: "1",
    });
  });
});
