import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { brands, categories, products, sellers } from "#server/db/schema/index.ts";
import type { AppEnv } from "#server/http/env.ts";
import { createLogger } from "#server/logger.ts";
import {
  plainProduct,
  productChangeState,
  setProductPopularity,
  setProductPrice,
} from "#tests/fixtures/catalog-writes.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { errorHandler } from "./error-handler.ts";
import { createSitemapRoute, defaultSitemapSources } from "./sitemap.ts";

const ORIGIN = "https://vitrina.example";
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const entries = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
    loc: m[1]!,
    lastmod: m[2],
  }));

/** The sitemap routes over the worker's seeded database, with shards of the given size. */
async function sitemapApp(shardSize: number, pageSize: number) {
  const { database, config } = await getTestContext();
  const services = createServices(database.db);
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("config", { ...config, publicOrigin: ORIGIN });
      c.set("services", services);
      await next();
    })
    .route("/", createSitemapRoute(defaultSitemapSources({ shardSize, pageSize })));
  app.onError(errorHandler(createLogger("silent")));
  return app;
}

/** Every page address the database has, as the storefront links to it. */
async function expectedLocations() {
  const { database } = await getTestContext();
  const db = database.db;
  const [c, p, b, s] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: products.id, updatedAt: products.updatedAt }).from(products),
    db.select({ code: brands.code }).from(brands),
    db.select({ code: sellers.code }).from(sellers),
  ]);
  return {
    categories: c.map((r) => `${ORIGIN}/catalog/${r.id}/${r.slug}`),
    products: new Map(p.map((r) => [`${ORIGIN}/product/${r.id}`, r.updatedAt.toISOString().slice(0, 10)])),
    brands: b.map((r) => `${ORIGIN}/brand/${r.code}`),
    sellers: s.map((r) => `${ORIGIN}/seller/${r.code}`),
  };
}

/** Reads the index and every shard it lists; each URL with the shard it came from. */
async function crawl(app: { request: (path: string) => Response | Promise<Response> }) {
  const res = await app.request("/sitemap.xml");
  expect(res.status).toBe(200);
  const shards = locs(await res.text()).map((loc) => new URL(loc).pathname);
  const urls: { loc: string; lastmod: string | undefined; shard: string }[] = [];
  const sizes = new Map<string, number>();
  for (const shard of shards) {
    const r = await app.request(shard);
    expect(r.status, shard).toBe(200);
    const found = entries(await r.text());
    sizes.set(shard, found.length);
    urls.push(...found.map((u) => ({ ...u, shard })));
  }
  return { shards, urls, sizes };
}

function expectEachOnce(urls: readonly { loc: string }[], expected: readonly string[]) {
  const counts = new Map<string, number>();
  for (const u of urls) counts.set(u.loc, (counts.get(u.loc) ?? 0) + 1);
  for (const loc of expected) expect(counts.get(loc), loc).toBe(1);
}

describe("sitemap over the seeded catalogue", () => {
  it("lists every category, product, brand and seller exactly once, in shards of at most the set size", async () => {
    const app = await sitemapApp(50, 7);
    const expected = await expectedLocations();
    const { shards, urls, sizes } = await crawl(app);
    const files = shards.map((s) => s.replace("/sitemaps/", ""));
    // 300+ products in shards of 50 ids each (other suites' products add ids, some with gaps between them),
    // more than 50 categories and brands: several shards each.
    const productShards = new Set(
      [...expected.products.keys()].map((u) => Math.ceil(Number(u.split("/").pop()) / 50)),
    );
    expect(files.filter((f) => f.startsWith("products-")).length).toBe(productShards.size);
    expect(files.filter((f) => f.startsWith("categories-")).length).toBeGreaterThan(1);
    expect(files.filter((f) => f.startsWith("brands-")).length).toBeGreaterThan(1);
    expect(files).toContain("sellers-1.xml");
    expect(files.slice(0, 2)).toEqual(["pages.xml", "content.xml"]);
    for (const [shard, size] of sizes) expect(size, shard).toBeLessThanOrEqual(50);

    expectEachOnce(urls, expected.categories);
    expectEachOnce(urls, [...expected.products.keys()]);
    expectEachOnce(urls, expected.brands);
    expectEachOnce(urls, expected.sellers);
    // Nothing else but the static and content pages.
    const catalogue =
      expected.categories.length + expected.products.size + expected.brands.length + expected.sellers.length;
    expect(urls.filter((u) => !u.shard.match(/\/(pages|content)\.xml$/))).toHaveLength(catalogue);
    // Each kind sits in its own shards; products carry the date their page last changed.
    for (const u of urls) {
      if (u.loc.includes("/product/")) {
        expect(u.shard).toMatch(/^\/sitemaps\/products-\d+\.xml$/);
        expect(u.lastmod, u.loc).toBe(expected.products.get(u.loc));
      }
      if (u.loc.includes("/catalog/")) expect(u.shard).toMatch(/^\/sitemaps\/categories-\d+\.xml$/);
    }
  });

  it("the index lists every shard there is and no other", async () => {
    const app = await sitemapApp(50, 7);
    const { shards } = await crawl(app);
    for (const table of ["categories", "products", "brands", "sellers"]) {
      const listed = shards.filter((s) => s.startsWith(`/sitemaps/${table}-`));
      const last = Math.max(...listed.map((s) => Number(/-(\d+)\.xml$/.exec(s)![1])));
      // Every listed shard has pages and the shard after the last one is not there. Other suites of the
      // worker make products and delete them again (tests/fixtures/order-data.ts), so a range of ids past
      // the seeded ones may be empty: such a shard is left out of the index, not listed empty.
      expect(listed[0]).toBe(`/sitemaps/${table}-1.xml`);
      for (const shard of listed) {
        const res = await app.request(shard);
        expect(res.status, shard).toBe(200);
        expect(await res.text(), shard).toContain("<loc>");
      }
      expect((await app.request(`/sitemaps/${table}-${last + 1}.xml`)).status).toBe(404);
    }
  });

  it("serves one shard per table at the real size, streamed and compressed by the app", async () => {
    const { app } = await getTestContext();
    const index = await (await app.request("/sitemap.xml")).text();
    expect(locs(index).map((l) => new URL(l).pathname)).toEqual([
      "/sitemaps/pages.xml",
      "/sitemaps/content.xml",
      "/sitemaps/categories-1.xml",
      "/sitemaps/products-1.xml",
      "/sitemaps/brands-1.xml",
      "/sitemaps/sellers-1.xml",
    ]);
    const res = await app.request("/sitemaps/products-1.xml", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.endsWith("</urlset>\n")).toBe(true);
    const expected = await expectedLocations();
    expect(locs(xml)).toHaveLength(expected.products.size);
  });

  it("a product's <lastmod> moves when its page changes, not when only its popularity does", async () => {
    const { database } = await getTestContext();
    const db = database.db;
    const product = await plainProduct(db);
    const updatedAt = async () => (await productChangeState(db, product.id)).updatedAt;
    const { updatedAt: before, popularity } = await productChangeState(db, product.id);
    const setPopularity = (value: number) => setProductPopularity(db, product.id, value);
    try {
      // An order moves popularity; writing the price it already has changes nothing either.
      await setPopularity(popularity + 1);
      await setProductPrice(db, product.id, product.price);
      expect(await updatedAt()).toEqual(before);

      await setProductPrice(db, product.id, product.price + 100);
      const after = await updatedAt();
      expect(after.getTime()).toBeGreaterThan(before.getTime());
      expect(Date.now() - after.getTime()).toBeLessThan(60_000);
      const day = after.toISOString().slice(0, 10);
      const app = await sitemapApp(50, 7);
      const shard = `/sitemaps/products-${Math.ceil(product.id / 50)}.xml`;
      const url = entries(await (await app.request(shard)).text()).find(
        (u) => u.loc === `${ORIGIN}/product/${product.id}`,
      );
      expect(url?.lastmod).toBe(day);
      // The index's date for that shard is its newest change.
      const index = await (await app.request("/sitemap.xml")).text();
      expect(index).toContain(`<loc>${ORIGIN}${shard}</loc><lastmod>${day}</lastmod>`);
    } finally {
      await setPopularity(popularity);
      await setProductPrice(db, product.id, product.price);
    }
  });
});
