import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "#app/lib/api-client.ts";
import { facetsQuery } from "./api.ts";

/** The query a listing's facets ask the API for. */
async function facetsRequest(scope: Parameters<typeof facetsQuery>[0], filters: Record<string, string>) {
  const get = vi.fn(async () => ({}));
  const options = facetsQuery(scope, filters, { get } as unknown as ApiClient);
  // biome-ignore lint/suspicious/noExplicitAny: the query context is not used beyond its signal
  await (options.queryFn as (context: any) => Promise<unknown>)({ signal: new AbortController().signal });
  return (get.mock.calls[0] as unknown as [string, { query: Record<string, unknown> }])[1].query;
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
      categoryId: 5,
      within: "seller",
    });
  });

  it("leaves a category's brand filter to the shopper", async () => {
    expect(await facetsRequest({ categoryId: 5 }, { brand: "apple" })).toEqual({
      brand: "apple",
      categoryId: 5,
    });
  });
});
