import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../api/env.ts";
import { type AppConfig, loadConfig } from "../config.ts";
import { type SitemapSource, STATIC_PAGES, xmlEscape } from "../domain/seo/sitemap.ts";
import { createLogger } from "../logger.ts";
import { errorHandler } from "./error-handler.ts";
import { createSitemapRoute, sitemapRoute } from "./sitemap.ts";

function appWith(publicOrigin: string | undefined, sitemap = sitemapRoute) {
  const config: AppConfig = { ...loadConfig({ NODE_ENV: "test" }), publicOrigin };
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("config", config);
      await next();
    })
    .route("/", sitemap);
  app.onError(errorHandler(createLogger("silent")));
  return app;
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

describe("sitemap", () => {
  it("indexes the pages shard, as well-formed XML cached for an hour", async () => {
    const res = await appWith("https://vitrina.example/").request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await res.text();
    assertWellFormedXml(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      "https://vitrina.example/sitemaps/pages.xml",
      "https://vitrina.example/sitemaps/content.xml",
    ]);
    expect(xml).toMatch(/<sitemap><loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>/);
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

  it("answers 404 for a shard nobody serves and 400 for a file name that is not one", async () => {
    const app = appWith(undefined);
    expect((await app.request("/sitemaps/products-1.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/..%2Fsecret.xml")).status).toBe(400);
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
