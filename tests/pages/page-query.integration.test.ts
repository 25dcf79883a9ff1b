import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { findUrlProblem } from "#contract/input-text.ts";
import { type PageRoute, pagePolicyResolver } from "#server/http/page-cache.ts";
import { webAppWith } from "#tests/fixtures/test-app.ts";

/**
 * Unknown query parameters on cached pages (ADR 025), over the storefront's real route table and the
 * handles its modules declare, with a stand-in render that prints the URL it was given.
 */

type RouteEntry = { id: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** app/routes.ts as the server's route tree, each route with its module's handle. */
async function storefrontRoutes(entries: readonly RouteEntry[]): Promise<PageRoute[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as { handle?: unknown };
      const node: PageRoute = { id: entry.id, handle: module.handle };
      if (entry.path !== undefined) node.path = entry.path;
      if (entry.index) node.index = true;
      if (entry.children?.length) node.children = await storefrontRoutes(entry.children);
      return node;
    }),
  );
}

/** A path for every cacheable screen of the route table. */
const CACHEABLE = {
  index: "/",
  catalog: "/catalog",
  "catalog-menu-catMenuId": "/catalog-menu/7",
  "catalog-catId-sef": "/catalog/33/smartfony",
  "page-slug": "/page/about",
  "search-sef": "/search/chainik",
  "product-productId": "/product/5",
  "product-productId-photos": "/product/5/photos",
  "promotion-top-profit-info": "/promotion/top-profit/info",
  "brand-brandCode-sef": "/brand/apple",
  "brand-brandCode-category-catId": "/brand/apple/category/33",
  "seller-sellerCode-sef": "/seller/tekhnopark",
  "seller-sellerCode-category-catId-sef": "/seller/tekhnopark/category/33/smartfony",
  "not-found": "/no/such/page",
};

let renders: string[] = [];
let web: Awaited<ReturnType<typeof webAppWith>>;
const page = (path: string, headers: Record<string, string> = {}) =>
  web.app.request(`http://shop.test${path}`, { headers });

beforeAll(async () => {
  const tree = await storefrontRoutes([
    { id: "root", path: "", file: "root.tsx", children: routes as RouteEntry[] },
  ]);
  web = await webAppWith({
    ssr: async (request) => {
      const url = new URL(request.url);
      renders.push(`${url.pathname}${url.search}`);
      // As the layouts' refuseMalformedUrl does.
      if (findUrlProblem(request.url)) return new Response("Страница не найдена", { status: 404 });
      // As a page whose loader met a database outage.
      if (url.pathname === "/page/database-down") return new Response("Сервис недоступен", { status: 503 });
      if (url.pathname === "/catalog/33/old-slug") {
        return new Response(null, {
          status: 301,
          headers: { Location: `/catalog/33/smartfony${url.search}` },
        });
      }
      return new Response(`<html><body>${url.pathname}${url.search}</body></html>`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    },
    pagePolicy: pagePolicyResolver(tree),
  });
});
afterAll(() => web.close());

describe("query parameters a page does not read", () => {
  it.each(Object.entries(CACHEABLE))(
    "%s: a random ?x= is served from the copy after the first render",
    async (_, path) => {
      renders = [];
      const first = await page(`${path}?x=${Math.random()}`);
      expect(first.headers.get("x-cache")).toBe("MISS");
      for (const query of [`x=${Math.random()}`, "utm_source=ya&utm_campaign=spring&yclid=123", ""]) {
        const res = await page(query ? `${path}?${query}` : path);
        expect(res.headers.get("x-cache"), query).toBe("HIT");
        // The copy was rendered for the URL its key names: nothing of the first visitor's query is in it.
        expect(await res.text()).not.toMatch(/x=|utm_/);
      }
      expect(renders).toEqual([path]);
    },
  );

  it("still keys a page by the parameters it reads, in any order", async () => {
    renders = [];
    const listing = CACHEABLE["catalog-catId-sef"];
    expect((await page(`${listing}?sort=price_asc&p.color=red&x=1`)).headers.get("x-cache")).toBe("MISS");
    expect((await page(`${listing}?p.color=red&sort=price_asc`)).headers.get("x-cache")).toBe("HIT");
    expect((await page(`${listing}?sort=price_desc&p.color=red`)).headers.get("x-cache")).toBe("MISS");
    const search = CACHEABLE["search-sef"];
    expect((await page(`${search}?q=a&page=2&utm_source=ya`)).headers.get("x-cache")).toBe("MISS");
    expect((await page(`${search}?q=b&page=2`)).headers.get("x-cache")).toBe("MISS");
    expect(renders).toEqual([
      `${listing}?p.color=red&sort=price_asc`,
      `${listing}?p.color=red&sort=price_desc`,
      `${search}?page=2&q=a`,
      `${search}?page=2&q=b`,
    ]);
  });

  it("hands the dropped parameters on through a redirect, so a campaign's utm reach the page", async () => {
    const res = await page("/catalog/33/old-slug?sort=new&utm_source=ya&x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/catalog/33/smartfony?sort=new&utm_source=ya&x=1");
  });

  it("renders personal pages with the URL as it came", async () => {
    renders = [];
    await page("/basket?utm_source=ya&x=1");
    expect(renders).toEqual(["/basket?utm_source=ya&x=1"]);
  });

  it("keys a page by canonical cookie and page values alone, so random ones are served from the copy", async () => {
    renders = [];
    // Paths no other test has rendered.
    const product = "/product/6";
    expect((await page(product, { Cookie: `city_id=${Math.random()}` })).headers.get("x-cache")).toBe("MISS");
    for (const cookie of [`city_id=${Math.random()}`, "city_id=007; webview=no", "city_id="]) {
      expect((await page(product, { Cookie: cookie })).headers.get("x-cache"), cookie).toBe("HIT");
    }
    const search = "/search/kofe";
    expect((await page(`${search}?page=junk`)).headers.get("x-cache")).toBe("MISS");
    expect(
      (await page(`${search}?page=${Math.random().toString(36).replace(/\d/g, "")}`)).headers.get("x-cache"),
    ).toBe("HIT");
    expect((await page(`${search}?page=2`)).headers.get("x-cache")).toBe("MISS");
    expect((await page(`${search}?page=02&page=7`)).headers.get("x-cache")).toBe("HIT");
    // Read as 2 by one page and as 1 by another: rendered for the request, never kept.
    expect((await page(`${search}?page=2abc`)).headers.get("x-cache")).toBeNull();
    expect((await page(`${search}?page=2abc`)).headers.get("x-cache")).toBeNull();
    expect(renders).toEqual([
      product,
      search,
      `${search}?page=2`,
      `${search}?page=2abc`,
      `${search}?page=2abc`,
    ]);
  });

  it("refuses a malformed query value on a cached page, as a personal page does, and keeps nothing", async () => {
    renders = [];
    const search = `${CACHEABLE["search-sef"]}?q=%FF`;
    for (let i = 0; i < 2; i++) {
      const res = await page(search);
      expect(res.status).toBe(404);
      expect(res.headers.get("x-cache")).toBeNull();
    }
    expect(renders).toEqual([search, search]);
  });

  it("asks a client to come back later when a page could not be served", async () => {
    const res = await page("/page/database-down");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
  });
});
