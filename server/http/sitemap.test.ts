import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Services } from "#server/composition/services.ts";
import { type AppConfig, loadConfig } from "#server/config.ts";
import {
  renderUrlset,
  renderUrlsetChunks,
  SITEMAP_MAX_URLS,
  type SitemapSource,
  type SitemapUrl,
  STATIC_PAGES,
  tableSitemapSource,
  xmlEscape,
} from "#server/domain/seo/sitemap.ts";
import type { SitemapService, SitemapTable } from "#server/domain/seo/sitemap-service.ts";
import type { AppEnv } from "#server/http/env.ts";
import { createLogger } from "#server/logger.ts";
import { errorHandler } from "./error-handler.ts";
import { createSitemapRoute, defaultSitemapSources } from "./sitemap.ts";

type Rows = Partial<Record<SitemapTable, number[]>>;

/**
 * The sitemap service over ids in memory, with the repository's semantics (shard k of size n holds the ids
 * in ((k-1)·n, k·n]); it records every page read so tests can see that shards are read page by page.
 */
function fakeServices(rows: Rows = {}) {
  const reads: { table: SitemapTable; after: number; upTo: number; limit: number }[] = [];
  const ids = (table: SitemapTable) => [...(rows[table] ?? [])].sort((a, b) => a - b);
  const sitemap: SitemapService = {
    shards: async (table, size) =>
      [...new Set(ids(table).map((id) => Math.floor((id - 1) / size) + 1))].map((shard) =>
        table === "products" ? { shard, lastmod: `2026-01-${String(shard).padStart(2, "0")}` } : { shard },
      ),
    entries: async (table, after, upTo, limit) => {
      reads.push({ table, after, upTo, limit });
      const page = ids(table)
        .filter((id) => id > after && id <= upTo)
        .slice(0, limit);
      return { entries: page.map((id) => ({ loc: `/${table}/${id}` })), lastId: page.at(-1) };
    },
  };
  const content = {
    pages: async () => ({ items: [{ slug: "about", updatedAt: "2026-02-03T10:00:00.000Z" }] }),
  };
  return { services: { sitemap, content } as unknown as Services, reads };
}

function appWith(publicOrigin: string | undefined, sitemap = createSitemapRoute(), rows: Rows = {}) {
  const config: AppConfig = { ...loadConfig({ NODE_ENV: "test" }), publicOrigin };
  const { services, reads } = fakeServices(rows);
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("config", config);
      c.set("services", services);
      await next();
    })
    .route("/", sitemap);
  app.onError(errorHandler(createLogger("silent")));
  return Object.assign(app, { reads });
}

/**
 * Enough of an XML parser to prove well-formedness of what we generate: one declaration, properly nested
 * elements, attribute values quoted, and no raw `<` or stray `&` in text.
 */
function assertWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("?>") + 2);
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const m of body.matchAll(token)) {
    const [, closing, name, , selfClosing, text, strayLt] = m;
    if (strayLt) throw new Error(`stray "<" at ${m.index}`);
    if (text !== undefined) {
      const badAmp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.exec(text);
      if (badAmp) throw new Error(`unescaped "&" in text ${JSON.stringify(text)}`);
      if (stack.length === 0 && text.trim() !== "") throw new Error("text outside the root element");
      continue;
    }
    if (closing) {
      if (stack.pop() !== name) throw new Error(`mismatched </${name}>`);
    } else if (!selfClosing) stack.push(name!);
  }
  expect(stack).toEqual([]);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function collect(chunks: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe("sitemap", () => {
  it("indexes the pages, the content pages and every table's shards, as well-formed XML cached for an hour", async () => {
    const app = appWith("https://vitrina.example/", createSitemapRoute(), {
      categories: [1, 2],
      products: [1, 2, 3],
      brands: [7],
      sellers: [4],
    });
    const res = await app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await res.text();
    assertWellFormedXml(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      "https://vitrina.example/sitemaps/pages.xml",
      "https://vitrina.example/sitemaps/content.xml",
      "https://vitrina.example/sitemaps/categories-1.xml",
      "https://vitrina.example/sitemaps/products-1.xml",
      "https://vitrina.example/sitemaps/brands-1.xml",
      "https://vitrina.example/sitemaps/sellers-1.xml",
    ]);
    expect(xml).toMatch(
      /<sitemap><loc>[^<]+pages.xml<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>/,
    );
    expect(xml).toContain(
      "<loc>https://vitrina.example/sitemaps/products-1.xml</loc><lastmod>2026-01-01</lastmod>",
    );
  });

  it("lists the static pages with lastmod in pages.xml", async () => {
    const res = await appWith("https://vitrina.example").request("/sitemaps/pages.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    assertWellFormedXml(xml);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      "https://vitrina.example/",
      "https://vitrina.example/catalog",
      "https://vitrina.example/promotion/top-profit/info",
    ]);
    expect(STATIC_PAGES).toHaveLength(3);
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(3);
  });

  it("answers 404 for a shard nobody serves, without rows, or with a name that is no sitemap at all", async () => {
    const app = appWith(undefined, createSitemapRoute(), { products: [1, 2] });
    expect((await app.request("/sitemaps/products-1.xml")).status).toBe(200);
    expect((await app.request("/sitemaps/products-2.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/products-0.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/products-01.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/products-99999999999.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/products-999999999.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/categories-1.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/orders-1.xml")).status).toBe(404);
    for (const odd of ["/sitemaps/..%2Fsecret.xml", "/sitemaps/Foo.xml", "/sitemaps/products-1.txt"]) {
      const res = await app.request(odd);
      expect(res.status, odd).toBe(404);
      expect((await res.json()).code).toBe("sitemap_not_found");
    }
  });

  it("indexes every shard of every registered source and escapes what it prints", async () => {
    const products: SitemapSource = {
      shards: () => [{ file: "products-1.xml" }, { file: "products-2.xml", lastmod: "2025-01-02" }],
      urls: (file) =>
        file.startsWith("products-") ? [{ loc: "/search/q?brand=a&color=<red>&name='x'\"" }] : undefined,
    };
    const app = appWith("https://vitrina.example", createSitemapRoute([products]));
    const index = await (await app.request("/sitemap.xml")).text();
    assertWellFormedXml(index);
    expect(locs(index)).toEqual([
      "https://vitrina.example/sitemaps/products-1.xml",
      "https://vitrina.example/sitemaps/products-2.xml",
    ]);
    const shard = await (await app.request("/sitemaps/products-2.xml")).text();
    assertWellFormedXml(shard);
    expect(locs(shard)).toEqual([
      "https://vitrina.example/search/q?brand=a&amp;color=&lt;red&gt;&amp;name=&apos;x&apos;&quot;",
    ]);
  });

  it("the well-formedness check rejects broken XML", () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(() => assertWellFormedXml(`${head}<a><b>x & y</b></a>`)).toThrow();
    expect(() => assertWellFormedXml(`${head}<a><b>x</a></b>`)).toThrow();
    expect(() => assertWellFormedXml(`${head}<a>1 < 2</a>`)).toThrow();
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

describe("streamed shards", () => {
  const urls = (from: number, to: number): SitemapUrl[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ loc: `/product/${from + i}`, lastmod: "2026-03-01" }));

  it("writes batch by batch exactly the document renderUrlset writes at once", async () => {
    async function* batches() {
      yield urls(1, 3);
      yield [];
      yield urls(4, 5);
    }
    const chunks = await collect(renderUrlsetChunks("https://v.example", batches()));
    // Opening, one piece per non-empty batch, closing.
    expect(chunks).toHaveLength(4);
    const xml = chunks.join("");
    expect(xml).toBe(renderUrlset("https://v.example", urls(1, 5)));
    assertWellFormedXml(xml);
    expect(locs(xml)).toHaveLength(5);
    assertWellFormedXml(renderUrlset("https://v.example", []));
    expect((await collect(renderUrlsetChunks("https://v.example", urls(1, 2)))).join("")).toBe(
      renderUrlset("https://v.example", urls(1, 2)),
    );
  });

  it("keeps to the sitemaps.org limit whatever size is asked for", async () => {
    const { services } = fakeServices({ products: [1, SITEMAP_MAX_URLS, SITEMAP_MAX_URLS + 1] });
    const ctx = { origin: "https://v.example", config: loadConfig({ NODE_ENV: "test" }), services };
    const source = tableSitemapSource("products", { shardSize: 10 * SITEMAP_MAX_URLS });
    expect((await source.shards(ctx)).map((s) => s.file)).toEqual(["products-1.xml", "products-2.xml"]);
  });
});

describe("table shards", () => {
  // Ids with gaps, as after deletions: 1–23, then 44 and 45.
  const ids = [...Array.from({ length: 23 }, (_, i) => i + 1), 44, 45];
  const small = () => createSitemapRoute(defaultSitemapSources({ shardSize: 10, pageSize: 3 }));

  it("splits a table into id-range shards of the given size, listing only those with rows", async () => {
    const app = appWith("https://v.example", small(), { products: ids });
    const index = locs(await (await app.request("/sitemap.xml")).text());
    expect(index.filter((l) => l?.includes("/products-"))).toEqual([
      "https://v.example/sitemaps/products-1.xml",
      "https://v.example/sitemaps/products-2.xml",
      "https://v.example/sitemaps/products-3.xml",
      "https://v.example/sitemaps/products-5.xml",
    ]);
    const seen: string[] = [];
    for (const shard of [1, 2, 3, 5]) {
      const res = await app.request(`/sitemaps/products-${shard}.xml`);
      expect(res.status).toBe(200);
      const xml = await res.text();
      assertWellFormedXml(xml);
      const shardLocs = locs(xml) as string[];
      expect(shardLocs.length).toBeLessThanOrEqual(10);
      seen.push(...shardLocs);
    }
    expect(seen).toEqual(ids.map((id) => `https://v.example/products/${id}`));
    expect((await app.request("/sitemaps/products-4.xml")).status).toBe(404);
  });

  it("reads a shard page by page, continuing after the last id read", async () => {
    const app = appWith("https://v.example", small(), { products: ids });
    await (await app.request("/sitemaps/products-1.xml")).text();
    expect(app.reads).toEqual([
      { table: "products", after: 0, upTo: 10, limit: 3 },
      { table: "products", after: 3, upTo: 10, limit: 3 },
      { table: "products", after: 6, upTo: 10, limit: 3 },
      { table: "products", after: 9, upTo: 10, limit: 3 },
    ]);
    app.reads.length = 0;
    await (await app.request("/sitemaps/products-5.xml")).text();
    // Two rows, fewer than a page: one read.
    expect(app.reads).toEqual([{ table: "products", after: 40, upTo: 50, limit: 3 }]);
  });
});
