import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createApp } from "#server/composition/app.ts";
import { pagePolicyResolver } from "#server/http/page-cache.ts";
import { plainProduct, renameMenuNode, setProductPrice } from "#tests/fixtures/catalog-writes.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import { getTestContext, webAppWith } from "#tests/fixtures/test-app.ts";
import type { Caches } from "./index.ts";

describe("in-process caches with invalidation on change", () => {
  let caches: Caches & { close: () => Promise<void> };
  let app: ReturnType<typeof createApp>;
  let renders: string[];
  /** The Cookie header each render saw. */
  let cookiesSeen: (string | null)[] = [];
  let productId: number;
  let originalPrice: number;
  const ssr = async (request: Request) => {
    renders.push(new URL(request.url).pathname);
    cookiesSeen.push(request.headers.get("cookie"));
    const url = new URL(request.url);
    if (url.pathname.endsWith("/cookie-setter")) {
      return new Response("<p>set</p>", { headers: { "Set-Cookie": "x=1", "Content-Type": "text/html" } });
    }
    if (url.pathname === "/product/404404") return new Response("<p>нет</p>", { status: 404 });
    // Like the real storefront, pages read through the in-process API: a product page its product, a
    // catalogue page a listing, a content page nothing of the products.
    const product = /^\/product\/(\d+)/.exec(url.pathname)?.[1];
    const read = product
      ? `/api/v1/products/${product}`
      : url.pathname.startsWith("/page/")
        ? "/api/v1/pages/about"
        : "/api/v1/products?limit=1";
    const body = (await (await app.request(read)).json()) as { price?: number };
    return new Response(`<html><body>${url.pathname} ${body.price}</body></html>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  };
  const page = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://shop.test${path}`, { headers });
  const setPrice = async (price: number) => {
    const { database } = await getTestContext();
    await setProductPrice(database.db, productId, price);
  };

  beforeAll(async () => {
    const { database } = await getTestContext();
    ({ app, caches } = await webAppWith({
      ssr,
      // The storefront's catalogue routes declare `city`, the account `personal` (their handles). Each
      // test keeps its own copies apart with a `probe` parameter, which these pages therefore read.
      pagePolicy: pagePolicyResolver([
        { path: "product/:productId", handle: { cache: "city", query: ["probe"] } },
        { path: "product/:productId/photos", handle: { cache: "city", query: ["probe"] } },
        { path: "catalog", handle: { cache: "city", query: ["probe"] } },
        { path: "catalog/*", handle: { cache: "city", query: ["probe"] } },
        { path: "page/*", handle: { cache: "city", query: ["probe"] } },
        { path: "personal/orders", handle: { cache: "personal" } },
      ]),
    }));
    ({ id: productId, price: originalPrice } = await plainProduct(database.db));
  });

  afterAll(async () => {
    await setPrice(originalPrice);
    await caches.close();
  });

  it("serves a repeated catalogue read from memory and drops it when the product changes", async () => {
    const read = async () =>
      (await (await app.request(`/api/v1/products/${productId}`)).json()).price as number;
    expect(await read()).toBe(originalPrice);
    const before = caches.data.stats();
    expect(await read()).toBe(originalPrice);
    expect(caches.data.stats().hits).toBe(before.hits + 1);

    await setPrice(originalPrice + 100);
    expect(await eventually(read, (price) => price === originalPrice + 100)).toBe(originalPrice + 100);
    await setPrice(originalPrice);
    expect(await eventually(read, (price) => price === originalPrice)).toBe(originalPrice);
  });

  it("drops listings when a product in them changes, but keeps other products' entries", async () => {
    const other = productId + 1;
    await app.request(`/api/v1/products/${other}`);
    const listing = async () =>
      (await (await app.request("/api/v1/products?sort=price_asc&limit=5")).json()) as {
        items: { id: number }[];
      };
    const cheapest = (await listing()).items[0]?.id;
    // Making our product the cheapest must show in the cached listing at once.
    await setPrice(1);
    const after = await eventually(listing, (l) => l.items[0]?.id === productId);
    expect(after.items[0]?.id).toBe(productId);
    expect(cheapest).not.toBe(productId);
    const hits = caches.data.stats().hits;
    await app.request(`/api/v1/products/${other}`);
    expect(caches.data.stats().hits).toBe(hits + 1);
    await setPrice(originalPrice);
  });

  it("never lets one response's modification leak into the next one", async () => {
    const listing = await caches.data.get("probe", async () => Object.freeze({ items: [] }));
    expect(Object.isFrozen(listing)).toBe(true);
    const body = await (await app.request(`/api/v1/products/${productId}`)).json();
    body.price = 1;
    const again = await (await app.request(`/api/v1/products/${productId}`)).json();
    expect(again.price).toBe(originalPrice);
  });

  describe("HTTP caching of API answers", () => {
    it("marks catalogue reads shareable with stale-while-revalidate and revalidates by ETag", async () => {
      const res = await app.request(`http://shop.test/api/v1/products/${productId}`);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
      const etag = res.headers.get("etag");
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await app.request(`http://shop.test/api/v1/products/${productId}`, {
        headers: { "If-None-Match": etag ?? "" },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("content-type")).toBeNull();

      await setPrice(originalPrice + 7);
      const changed = await eventually(
        async () =>
          app.request(`http://shop.test/api/v1/products/${productId}`, {
            headers: { "If-None-Match": etag ?? "" },
          }),
        (r) => r.status === 200,
      );
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      await setPrice(originalPrice);
    });

    it("never lets personal answers, errors or writes be stored", async () => {
      expect((await app.request("/api/v1/viewed")).headers.get("cache-control")).toBe("private, no-store");
      expect((await app.request("/api/v1/products/999999999")).headers.get("cache-control")).toBe(
        "private, no-store",
      );
      const write = await app.request(`/api/v1/viewed/${productId}`, { method: "POST" });
      expect(write.headers.get("cache-control")).toBe("private, no-store");
      expect(write.headers.get("etag")).toBeNull();
    });
  });

  describe("rendered page cache", () => {
    it("renders an anonymous catalogue page once and serves the copy with validators", async () => {
      renders = [];
      const first = await page(`/product/${productId}`);
      const second = await page(`/product/${productId}`);
      expect(renders).toEqual([`/product/${productId}`]);
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(second.headers.get("x-cache")).toBe("HIT");
      expect(await second.text()).toBe(await first.text());
      expect(second.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
      expect(second.headers.get("vary")).toContain("Cookie");
      const etag = second.headers.get("etag") ?? "";
      const revalidated = await page(`/product/${productId}`, { "If-None-Match": etag });
      expect(revalidated.status).toBe(304);
    });

    it("keeps a copy per city and ignores cookies the page never reads", async () => {
      renders = [];
      const path = `/catalog?probe=city`;
      await page(path, { Cookie: "city_id=2" });
      await page(path, { Cookie: "city_id=3" });
      await page(path, { Cookie: "city_id=2; vid=AAAAAAAAAAAAAAAAAAAAAA; _ym_uid=1" });
      expect(renders).toEqual(["/catalog", "/catalog"]);
    });

    it("never lets a cached page's render see other cookies, and renders personal pages per request", async () => {
      renders = [];
      cookiesSeen = [];
      const path = `/product/${productId}?probe=session`;
      const first = await page(path, { Cookie: "session=secret; city_id=2; vid=AAAAAAAAAAAAAAAAAAAAAA" });
      const second = await page(path, { Cookie: "session=other; city_id=2" });
      expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
      expect(cookiesSeen).toEqual(["city_id=2"]);
      const orders = await page("/personal/orders", { Cookie: "session=secret" });
      expect(orders.headers.get("cache-control")).toBe("private, no-store");
      expect(orders.headers.get("x-cache")).toBeNull();
      await page("/personal/orders");
      expect(renders).toEqual([`/product/${productId}`, "/personal/orders", "/personal/orders"]);
      expect(cookiesSeen.slice(1)).toEqual(["session=secret", null]);
    });

    it("counts a page no route declares as personal", async () => {
      renders = [];
      const res = await page("/undeclared-screen");
      await page("/undeclared-screen");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(renders).toEqual(["/undeclared-screen", "/undeclared-screen"]);
    });

    it("does not keep errors or responses that set cookies", async () => {
      renders = [];
      const missing = await page("/product/404404");
      await page("/product/404404");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("cache-control")).toBe("no-store");
      expect(renders).toEqual(["/product/404404", "/product/404404"]);
      renders = [];
      const setter = await page("/catalog/cookie-setter");
      await page("/catalog/cookie-setter");
      expect(setter.headers.get("set-cookie")).toBe("x=1");
      expect(renders.length).toBe(2);
    });

    it("drops rendered pages when catalogue data changes", async () => {
      renders = [];
      const before = await (await page(`/product/${productId}?probe=change`)).text();
      expect(before).toContain(String(originalPrice));
      await setPrice(originalPrice + 50);
      const after = await eventually(
        async () => (await page(`/product/${productId}?probe=change`)).text(),
        (html) => html.includes(String(originalPrice + 50)),
      );
      expect(after).toContain(String(originalPrice + 50));
      await setPrice(originalPrice);
    });

    it("a product's change drops its own pages and the listings, and keeps other products' and content pages", async () => {
      const other = productId + 1;
      const paths = {
        mine: `/product/${productId}?probe=tags`,
        photos: `/product/${productId}/photos?probe=tags`,
        other: `/product/${other}?probe=tags`,
        listing: "/catalog?probe=tags",
        content: "/page/about?probe=tags",
      };
      for (const path of Object.values(paths)) await page(path);
      await setPrice(originalPrice + 30);
      // The change reaches the cache by notification: wait until our product's page shows it.
      await eventually(
        async () => (await page(paths.mine)).text(),
        (html) => html.includes(String(originalPrice + 30)),
      );
      renders = [];
      const cacheOf = async (path: string) => (await page(path)).headers.get("x-cache");
      expect(await cacheOf(paths.photos)).toBe("MISS");
      expect(await cacheOf(paths.listing)).toBe("MISS");
      expect(await cacheOf(paths.other)).toBe("HIT");
      expect(await cacheOf(paths.content)).toBe("HIT");
      expect(renders).toEqual([`/product/${productId}/photos`, "/catalog"]);
      await setPrice(originalPrice);
    });

    it("any change to other catalogue data (a category, a menu, a page) drops every page", async () => {
      const { database } = await getTestContext();
      const paths = [`/product/${productId + 2}?probe=all`, "/page/about?probe=all"];
      for (const path of paths) await page(path);
      for (const path of paths) expect((await page(path)).headers.get("x-cache")).toBe("HIT");
      const title = await renameMenuNode(database.db, 1, "Переименованный раздел");
      try {
        for (const path of paths) {
          const status = await eventually(
            async () => (await page(path)).headers.get("x-cache"),
            (s) => s === "MISS",
          );
          expect(status, path).toBe("MISS");
        }
      } finally {
        await renameMenuNode(database.db, 1, title ?? "");
      }
    });
  });
});
