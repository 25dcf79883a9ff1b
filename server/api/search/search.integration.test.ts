import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  type SearchResult,
  type SuggestResult,
  searchResultSchema,
  suggestResultSchema,
} from "#contract/search.ts";
import { createSearchRepository } from "#server/domain/search/repository.ts";
import { createSearchService } from "#server/domain/search/service.ts";
import { errorHandler } from "#server/http/error-handler.ts";
import { apiCacheHeaders } from "#server/http/http-cache.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { type SearchRouteEnv, searchRoute } from "./route.ts";

/**
 * The search sub-app over the worker's seeded database, mounted where `server/api/index.ts` mounts it,
 * with the one error handler and the API's cache headers; it needs no more than this from the app.
 */
let searchApp: Promise<Hono<SearchRouteEnv>> | undefined;
function getSearchApp(): Promise<Hono<SearchRouteEnv>> {
  searchApp ??= (async () => {
    const { database, config } = await getTestContext();
    const logger = createLogger("silent");
    const services = { search: createSearchService(createSearchRepository(database.db)) };
    return new Hono<SearchRouteEnv>()
      .use(async (c, next) => {
        c.set("config", config);
        c.set("services", services);
        c.set("logger", logger);
        await next();
      })
      .use(apiCacheHeaders())
      .onError(errorHandler(logger))
      .route("/api/v1/search", searchRoute);
  })();
  return searchApp;
}

async function get(path: string): Promise<Response> {
  return (await getSearchApp()).request(path);
}

async function search(q: string, params = ""): Promise<SearchResult> {
  const res = await get(`/api/v1/search?q=${encodeURIComponent(q)}${params}`);
  expect(res.status).toBe(200);
  return searchResultSchema.parse(await res.json());
}

async function suggest(q: string): Promise<SuggestResult> {
  const res = await get(`/api/v1/search/suggest?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return suggestResultSchema.parse(await res.json());
}

const names = (result: SearchResult) => result.items.map((p) => p.name);

describe("GET /api/v1/search: the Russian language", () => {
  it("finds the singular by the plural (morphology) and names the categories with matches", async () => {
    const result = await search("смартфоны");
    expect(result).toMatchObject({ query: "смартфоны", correctedQuery: null, layoutFixed: false });
    expect(result.total).toBeGreaterThan(5);
    expect(names(result)[0]).toMatch(/^Смартфон /);
    expect(result.categories[0]).toMatchObject({ name: "Смартфоны" });
    expect(result.categories[0]!.count).toBeGreaterThan(5);
    expect(result.suggestions).toEqual([]);
  });

  it("ranks products named so above those that only mention the word in the description", async () => {
    const result = await search("смартфон", "&limit=100");
    const named = result.items.map((p) => /смартфон/i.test(p.name));
    // Smart watches and speakers mention "смартфона" in their descriptions only.
    expect(named).toContain(false);
    expect(named.indexOf(false)).toBe(named.filter(Boolean).length);
  });

  it("corrects a one-letter typo and says so", async () => {
    const exact = await search("смартфон");
    const typo = await search("смартфн");
    expect(typo).toMatchObject({ correctedQuery: "смартфон", layoutFixed: false, total: exact.total });
    expect(names(typo)).toEqual(names(exact));
  });

  it("reads a query typed in the wrong keyboard layout", async () => {
    const result = await search("cvfhnajy");
    expect(result).toMatchObject({ query: "cvfhnajy", correctedQuery: "смартфон", layoutFixed: true });
    expect(names(result)[0]).toMatch(/^Смартфон /);
    const brand = await search("ыфьыгтп");
    expect(brand).toMatchObject({ correctedQuery: "samsung", layoutFixed: true });
    expect(names(brand).every((n) => n.includes("Samsung"))).toBe(true);
  });

  it("treats ё and е as one letter, both ways", async () => {
    // Names say "чёрный"; coffee "Черная карта" is spelt with е.
    const plain = await search("черный", "&limit=100");
    expect(names(plain).some((n) => n.includes("чёрн"))).toBe(true);
    const dotted = await search("чёрный", "&limit=100");
    expect(dotted.total).toBe(plain.total);
    const coffee = await search("Чёрная карта");
    expect(coffee.total).toBeGreaterThan(0);
    expect(names(coffee).every((n) => n.includes("Черная карта"))).toBe(true);
  });
});

describe("GET /api/v1/search: order and pages", () => {
  it("pages through every match exactly once, in every sort", async () => {
    const { total } = await search("модель", "&limit=1");
    expect(total).toBeGreaterThan(30);
    for (const sort of ["relevance", "popular", "price_asc", "rating", "discount"]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 7); page++) {
        const result = await search("модель", `&limit=7&page=${page}&sort=${sort}`);
        expect(result.total).toBe(total);
        seen.push(...result.items.map((p) => p.id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(total);
    }
    const beyond = await search("модель", `&limit=7&page=${Math.ceil(total / 7) + 1}`);
    expect(beyond).toMatchObject({ total, items: [] });
  });

  it("sorts by price, rating and discount", async () => {
    const up = (await search("модель", "&limit=100&sort=price_asc")).items.map((p) => p.price);
    const down = (await search("модель", "&limit=100&sort=price_desc")).items.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...up].reverse());
    const ratings = (await search("модель", "&limit=100&sort=rating")).items.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const discounts = (await search("модель", "&limit=100&sort=discount")).items.map(
      (p) => p.discountPercent,
    );
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    const popular = await search("модель", "&limit=100&sort=popular");
    const newest = await search("модель", "&limit=100&sort=new");
    expect(new Set(newest.items.map((p) => p.id))).toEqual(new Set(popular.items.map((p) => p.id)));
  });

  it("returns full product cards and may be cached", async () => {
    const res = await get("/api/v1/search?q=samsung");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const { items } = searchResultSchema.parse(await res.json());
    expect(items[0]).toMatchObject({ brand: { code: "samsung", name: "Samsung" } });
    expect(items.every((p) => p.image?.url.startsWith("/media/products/"))).toBe(true);
  });
});

describe("GET /api/v1/search: nothing found", () => {
  it("offers queries that find something and the popular categories", async () => {
    const result = await search("космический корабль");
    expect(result).toMatchObject({ total: 0, items: [], correctedQuery: null });
    // The toy construction set «Пиратский корабль» exists; nothing is "космический".
    expect(result.suggestions).toContain("корабль");
    expect(result.categories.length).toBeGreaterThan(0);
    expect(result.categories.every((c) => c.count > 0)).toBe(true);
    for (const suggestion of result.suggestions) expect((await search(suggestion)).total).toBeGreaterThan(0);
  });

  it("answers a query of punctuation alone with nothing rather than an error", async () => {
    const result = await search("!!! ???");
    expect(result).toMatchObject({ total: 0, suggestions: [] });
  });
});

describe("GET /api/v1/search: validation", () => {
  it.each([
    ["a missing query", "/api/v1/search"],
    ["an empty query", "/api/v1/search?q="],
    ["a blank query", "/api/v1/search?q=%20%20"],
    ["a query over 200 characters", `/api/v1/search?q=${"а".repeat(201)}`],
    ["an unknown sort", "/api/v1/search?q=платье&sort=cheapest"],
  ])("rejects %s with 400", async (_, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
  });
});

describe("GET /api/v1/search/suggest", () => {
  it("suggests queries, categories and products with pictures while a word is typed", async () => {
    const result = await suggest("смар");
    expect(result.queries[0]).toBe("смартфон");
    expect(result.queries).toContain("смарт-часы");
    expect(result.categories.map((c) => c.name)).toContain("Смартфоны");
    expect(result.products.length).toBe(6);
    for (const p of result.products) {
      expect(p.name).toMatch(/^Смарт/);
      expect(p.image?.url).toMatch(/^\/media\/products\/\d+\/0\.svg$/);
      expect(Number.isInteger(p.price)).toBe(true);
    }
  });

  it("suggests brands, also typed in the wrong layout", async () => {
    const typed = await suggest("sams");
    expect(typed.brands[0]).toEqual({ code: "samsung", name: "Samsung" });
    expect(typed.products.every((p) => p.name.includes("Samsung"))).toBe(true);
    expect(typed.queries.every((q) => q.includes("samsung"))).toBe(true);
    const switched = await suggest("ыфьы");
    expect(switched.brands[0]).toEqual({ code: "samsung", name: "Samsung" });
  });

  it("completes a word typed in the wrong layout or with a typo", async () => {
    expect((await suggest("cvfh")).queries[0]).toBe("смартфон");
    expect((await suggest("смартфн")).queries[0]).toBe("смартфон");
  });

  it("offers popular queries and categories before anything is typed", async () => {
    const res = await get("/api/v1/search/suggest");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const result = suggestResultSchema.parse(await res.json());
    expect(result.queries.length).toBeGreaterThan(0);
    expect(result.categories.length).toBeGreaterThan(0);
    expect(result.queries[0]).toBe(result.categories[0]!.name.toLowerCase());
  });

  it("copes with short words only and with punctuation", async () => {
    for (const q of ["l by", "а в", "!!!", "8/256", "'\\%_"]) await suggest(q);
  });

  it("rejects a query over 200 characters", async () => {
    expect((await get(`/api/v1/search/suggest?q=${"а".repeat(201)}`)).status).toBe(400);
  });
});
