import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryNode } from "#contract/catalog.ts";
import { all, facets, get, list } from "#tests/fixtures/catalog-api.ts";

let sections: CategoryNode[] = [];

beforeAll(async () => {
  sections = (await (await get("/api/v1/categories")).json()).items;
});

describe("the topProfit filter of GET /api/v1/products and its facets", () => {
  it("lists exactly the top-profit products of the whole catalogue", async () => {
    const everything = await all("sort=popular");
    const expected = everything.filter((p) => p.isTopProfit).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(3);
    const top = await all("sort=popular&topProfit=1");
    expect(top.every((p) => p.isTopProfit)).toBe(true);
    expect(top.map((p) => p.id)).toEqual(expected);
    // `true` works as well as `1`; `0` is the same as leaving the filter out.
    expect((await list("topProfit=true")).total).toBe(expected.length);
    expect((await list("topProfit=0")).total).toBe(everything.length);
  });

  it("counts in the facets what the filter lists, with the other filters applied", async () => {
    const plain = await facets("");
    const top = await list("topProfit=1");
    expect(plain.topProfit).toBe(top.total);
    const filtered = await facets("topProfit=1");
    expect(filtered.total).toBe(top.total);
    // Disjunctive: the facet's own count ignores its own filter, the others follow it.
    expect(filtered.topProfit).toBe(plain.topProfit);
    expect(filtered.inStock).toBe((await list("topProfit=1&inStock=1")).total);
    expect(filtered.cashback).toBe((await list("topProfit=1&cashback=1")).total);
    for (const b of filtered.brands.slice(0, 5))
      expect((await list(`topProfit=1&brand=${b.code}`)).total, b.code).toBe(b.count);
  });

  it("agrees with the list inside every catalogue section and combined with other filters", async () => {
    let seen = 0;
    for (const section of sections) {
      const cat = `categoryId=${section.id}`;
      const f = await facets(cat);
      const top = await all(`${cat}&topProfit=1`);
      expect(top.every((p) => p.isTopProfit)).toBe(true);
      expect(top.length, section.name).toBe(f.topProfit);
      const inStock = await facets(`${cat}&inStock=1`);
      expect(inStock.topProfit, section.name).toBe((await list(`${cat}&inStock=1&topProfit=1`)).total);
      seen += top.length;
    }
    expect(seen).toBe((await list("topProfit=1")).total);
  });

  it("names the filter when it empties a listing, and refuses a value that is not a yes/no", async () => {
    const res = await get("/api/v1/products?topProfit=yes");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toEqual([expect.objectContaining({ field: "query.topProfit" })]);
    // A price only products outside the promotion have: dropping the filter is the way out.
    const cheapest = (await list("sort=price_asc&limit=1")).items[0];
    const cheapestTop = (await list("sort=price_asc&limit=1&topProfit=1")).items[0];
    if (!cheapest || !cheapestTop) throw new Error("need products");
    expect(cheapest.price).toBeLessThan(cheapestTop.price);
    const priceMax = Math.floor(cheapest.price / 100) + 0.99;
    const empty = await list(`topProfit=1&priceMax=${Math.min(priceMax, (cheapestTop.price - 1) / 100)}`);
    expect(empty.total).toBe(0);
    expect(empty.empty?.reason).toBe("no_matches");
    expect(empty.empty?.suggestions.map((s) => s.name)).toContain("Топ-выгода");
  });
});
