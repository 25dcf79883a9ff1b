import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePolicyResolver } from "#server/http/page-cache.ts";
import { deflatePieces } from "#server/http/precompressed.ts";
import { webAppWith } from "#tests/fixtures/test-app.ts";
import type { Caches } from "./index.ts";

/**
 * A page of 30 KB of HTML per path, as a listing's is tens of KB, that gzips to about half (hex digits):
 * a kept page holds its gzipped pieces (ADR 071), so the budget is counted in those.
 */
const PAGE_HTML = 30_000;
const html = (path: string) =>
  `<p>${path}</p>${Array.from({ length: PAGE_HTML / 64 }, (_, i) => createHash("sha256").update(`${path}/${i}`).digest("hex")).join("")}`;
const PAGE_BYTES = deflatePieces([new TextEncoder().encode(html("/page/p0"))]).bytes;

describe("the caches' byte budgets (CACHE_DATA_MAX_MB, CACHE_PAGES_MAX_MB)", () => {
  let web: Awaited<ReturnType<typeof webAppWith>>;
  let caches: Caches;

  beforeAll(async () => {
    web = await webAppWith(
      {
        ssr: async (request) =>
          new Response(html(new URL(request.url).pathname), {
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
    // About four pages' pieces and headers fit; the rest went, oldest first.
    expect(caches.pages.stats().size).toBeGreaterThanOrEqual(3);
    expect(caches.pages.stats().size).toBeLessThanOrEqual(4);
    expect(caches.pages.stats().bytes).toBeGreaterThan(3 * PAGE_BYTES);
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
