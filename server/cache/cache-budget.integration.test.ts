import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePolicyResolver } from "#server/http/page-cache.ts";
import { webAppWith } from "#tests/fixtures/test-app.ts";
import type { Caches } from "./index.ts";

/** A page of about 30 KB per path, as a listing's HTML is tens of KB. */
const PAGE_BYTES = 30_000;

describe("the caches' byte budgets (CACHE_DATA_MAX_MB, CACHE_PAGES_MAX_MB)", () => {
  let web: Awaited<ReturnType<typeof webAppWith>>;
  let caches: Caches;

  beforeAll(async () => {
    web = await webAppWith(
      {
        ssr: async (request) =>
          new Response(`<p>${new URL(request.url).pathname}</p>${"x".repeat(PAGE_BYTES)}`, {
            headers: { "Content-Type": "text/html" },
          }),
        pagePolicy: pagePolicyResolver([{ path: "page/*", handle: { cache: "shared" } }]),
      },
      // About 4 pages' worth of pages, and a few listings' worth of data.
      { CACHE_PAGES_MAX_MB: String((4.5 * PAGE_BYTES) / 1024 / 1024), CACHE_DATA_MAX_MB: "0.05" },
    );
    caches = web.caches;
  });
  afterAll(() => web.close());

  it("keeps the pages within their budget, dropping the least recently used", async () => {
    const budget = 4.5 * PAGE_BYTES;
    for (let i = 0; i < 20; i++) {
      expect((await web.app.request(`http://shop.test/page/p${i}`)).headers.get("x-cache")).toBe("MISS");
      expect(caches.pages.stats().bytes).toBeLessThanOrEqual(budget);
    }
    expect(caches.pages.stats().size).toBe(4);
    expect(caches.pages.stats().bytes).toBeGreaterThan(4 * PAGE_BYTES);
    expect((await web.app.request("http://shop.test/page/p19")).headers.get("x-cache")).toBe("HIT");
    expect((await web.app.request("http://shop.test/page/p0")).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps catalogue data within its budget", async () => {
    const budget = 0.05 * 1024 * 1024;
    for (const sort of ["popular", "price_asc", "price_desc", "new", "rating", "discount"]) {
      for (let page = 1; page <= 5; page++) {
        expect((await web.app.request(`/api/v1/products?limit=24&sort=${sort}&page=${page}`)).status).toBe(
          200,
        );
        expect(caches.data.stats().bytes).toBeLessThanOrEqual(budget);
      }
    }
    expect(caches.data.stats().evictions).toBeGreaterThan(0);
  });
});
