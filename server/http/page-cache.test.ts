import { gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import {
  buildPagePolicy,
  documentPath,
  pageCacheKey,
  pagePolicyResolver,
  pageRoutesOf,
  requestForCacheableRender,
  snapshotPage,
  uncachedPagePolicy,
} from "./page-cache.ts";
import { gzipWithFreshNonce } from "./csp.ts";

/** A flat route manifest the way the SSR build has it (only what the policy reads). */
function manifest(
  routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[],
): ServerBuild["routes"] {
  return Object.fromEntries(
    routes.map(({ handle, ...r }) => [r.id, { ...r, module: handle === undefined ? {} : { handle } }]),
  ) as unknown as ServerBuild["routes"];
}

const build = {
  routes: manifest([
    { id: "root", path: "" },
    { id: "layout-default", parentId: "root" },
    { id: "index", parentId: "layout-default", index: true, handle: { cache: "city", keepAlive: true } },
    { id: "product", parentId: "layout-default", path: "product/:productId", handle: { cache: "city" } },
    { id: "about", parentId: "layout-default", path: "about", handle: { cache: "shared" } },
    {
      id: "search",
      parentId: "layout-default",
      path: "search/*",
      handle: { cache: "city", query: ["q", "page"] },
    },
    {
      id: "listing",
      parentId: "layout-default",
      path: "catalog/:catId/*",
      handle: { cache: "city", query: (name: string) => name === "sort" || name.startsWith("p.") },
    },
    { id: "basket", parentId: "layout-default", path: "basket", handle: { cache: "personal" } },
    // A screen someone forgot to declare.
    { id: "new-screen", parentId: "layout-default", path: "new-screen" },
    { id: "layout-personal", parentId: "root", handle: { layout: "personal", cache: "shared" } },
    { id: "orders", parentId: "layout-personal", path: "personal/orders" },
    { id: "layout-fallback", parentId: "root" },
    { id: "not-found", parentId: "layout-fallback", path: "*", handle: { cache: "city" } },
  ]),
};

describe("page cache policy from the route tree", () => {
  const policy = buildPagePolicy(build);

  it("nests the build's flat manifest the way React Router does", () => {
    const [root] = pageRoutesOf(build.routes);
    expect(root?.id).toBe("root");
    expect(root?.children?.map((r) => r.id)).toEqual([
      "layout-default",
      "layout-personal",
      "layout-fallback",
    ]);
    expect(root?.children?.[0]?.children?.[0]).toEqual({
      id: "index",
      index: true,
      handle: { cache: "city", keepAlive: true },
    });
  });

  it("takes the deepest matched route's declaration", () => {
    expect(policy("/").cache).toBe("city");
    expect(policy("/product/5").cache).toBe("city");
    expect(policy("/about").cache).toBe("shared");
    expect(policy("/search/").cache).toBe("city");
    expect(policy("/basket").cache).toBe("personal");
    expect(policy("/no/such/page").cache).toBe("city");
  });

  it("counts a screen with no declaration as personal, even under a layout that declares one", () => {
    expect(policy("/new-screen").cache).toBe("personal");
    expect(policy("/personal/orders").cache).toBe("personal");
    expect(pagePolicyResolver([])("/").cache).toBe("personal");
  });

  it("takes the query parameters the deepest route reads, by name or by a test; none declared is none", () => {
    expect(policy("/search/phones").reads("q")).toBe(true);
    expect(policy("/search/phones").reads("x")).toBe(false);
    expect(policy("/catalog/5/phones").reads("p.color")).toBe(true);
    expect(policy("/catalog/5/phones").reads("utm")).toBe(false);
    expect(policy("/product/5").reads("page")).toBe(false);
  });

  it("resolves React Router's data requests to their document's route", () => {
    expect(documentPath("/_root.data")).toBe("/");
    expect(documentPath("/product/5.data")).toBe("/product/5");
    expect(documentPath("/search/")).toBe("/search");
    expect(policy("/_root.data").cache).toBe("city");
    expect(policy("/product/5.data").cache).toBe("city");
    expect(policy("/basket.data").cache).toBe("personal");
  });

  it("is built once per build", () => {
    expect(buildPagePolicy(build)).toBe(policy);
  });
});

describe("page cache key", () => {
  const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`http://shop.test${path}`, { method, headers });

  it("keys a city page by its city and webview cookies and nothing else", () => {
    const plain = pageCacheKey(request("/catalog?page=2"), "city");
    const other = pageCacheKey(
      request("/catalog?page=2", { Cookie: "vid=AAAA; session=secret; _ym_uid=1" }),
      "city",
    );
    expect(other).toBe(plain);
    const city2 = pageCacheKey(request("/catalog?page=2", { Cookie: "city_id=2; session=x" }), "city");
    expect(city2).not.toBe(plain);
    expect(pageCacheKey(request("/catalog?page=2", { Cookie: "session=y; city_id=2" }), "city")).toBe(city2);
    expect(pageCacheKey(request("/catalog?page=2", { Cookie: "webview=1" }), "city")).not.toBe(plain);
    expect(pageCacheKey(request("/catalog?page=2", { "User-Agent": "VitrinaApp/3.1" }), "city")).not.toBe(
      plain,
    );
  });

  it("keys and renders only canonical key cookie values", () => {
    const plain = pageCacheKey(request("/catalog"), "city");
    for (const cookie of [
      "city_id=8f3a2c",
      "city_id=02",
      "city_id=0",
      "city_id=",
      "webview=0",
      "webview=yes",
    ]) {
      expect(pageCacheKey(request("/catalog", { Cookie: cookie }), "city")).toBe(plain);
      expect(
        requestForCacheableRender(request("/catalog", { Cookie: cookie }), "city").headers.has("cookie"),
      ).toBe(false);
    }
    const city2 = pageCacheKey(request("/catalog", { Cookie: "city_id=2" }), "city");
    // The API reads the first city_id, unquoted and percent-decoded (hono's getCookie).
    expect(pageCacheKey(request("/catalog", { Cookie: 'city_id="2"; city_id=3' }), "city")).toBe(city2);
    expect(pageCacheKey(request("/catalog", { Cookie: "city_id=%32" }), "city")).toBe(city2);
    const render = requestForCacheableRender(
      request("/catalog", { Cookie: "city_id=%32; webview=1; webview=1" }),
      "city",
    );
    expect(render.headers.get("cookie")).toBe("city_id=2; webview=1");
  });

  it("keys a page by its public origin's scheme as well as its host", () => {
    const url = (origin: string) => new URL(`${origin}/catalog`);
    expect(pageCacheKey(request("/catalog"), "city", url("https://shop.test"))).not.toBe(
      pageCacheKey(request("/catalog"), "city", url("http://shop.test")),
    );
  });

  it("keys a shared page without the city", () => {
    expect(pageCacheKey(request("/about", { Cookie: "city_id=2" }), "shared")).toBe(
      pageCacheKey(request("/about", { Cookie: "city_id=3" }), "shared"),
    );
  });

  it("keys a shell by its city alone and shows its render no shopper's cookie (ADR 072)", () => {
    const signedIn = request("/personal/orders", {
      Cookie: "sid=secret-a; signed_in=h1; vid=AAAA; city_id=2",
    });
    const other = request("/personal/orders", { Cookie: "city_id=2; sid=secret-b; vid=BBBB" });
    expect(pageCacheKey(signedIn, "shell")).toBe(pageCacheKey(other, "shell"));
    expect(pageCacheKey(signedIn, "shell")).not.toBe(pageCacheKey(request("/personal/orders"), "shell"));
    // Never the key of a city page of the same address.
    expect(pageCacheKey(signedIn, "shell")).not.toBe(pageCacheKey(signedIn, "city"));
    expect(requestForCacheableRender(signedIn, "shell").headers.get("cookie")).toBe("city_id=2");
  });

  it("has no key for personal pages, writes, HEAD, Authorization or the webview switch", () => {
    expect(pageCacheKey(request("/basket"), "personal")).toBeUndefined();
    expect(pageCacheKey(request("/catalog", {}, "POST"), "city")).toBeUndefined();
    expect(pageCacheKey(request("/catalog", {}, "HEAD"), "city")).toBeUndefined();
    expect(pageCacheKey(request("/catalog", { Authorization: "Bearer x" }), "city")).toBeUndefined();
    expect(pageCacheKey(request("/catalog?webview=1"), "city")).toBeUndefined();
  });

  it("keys a page by the URL it is rendered by, and checks the webview switch on the request as it came", () => {
    const incoming = request("/catalog?page=2&utm_source=ya");
    const key = pageCacheKey(incoming, "city", new URL("http://shop.test/catalog?page=2"));
    expect(key).toBe(pageCacheKey(request("/catalog?page=2"), "city"));
    expect(
      pageCacheKey(request("/catalog?webview=1"), "city", new URL("http://shop.test/catalog")),
    ).toBeUndefined();
    const render = requestForCacheableRender(incoming, "city", new URL("http://shop.test/catalog?page=2"));
    expect(render.url).toBe("http://shop.test/catalog?page=2");
  });

  it("shows a cacheable render only the key cookies", () => {
    const incoming = request("/catalog", {
      Cookie: "vid=AAAA; city_id=2; session=s; webview=1",
      "User-Agent": "UA",
    });
    const city = requestForCacheableRender(incoming, "city");
    expect(city.headers.get("cookie")).toBe("city_id=2; webview=1");
    expect(city.headers.get("user-agent")).toBe("UA");
    expect(city.url).toBe(incoming.url);
    expect(requestForCacheableRender(incoming, "shared").headers.get("cookie")).toBe("webview=1");
    expect(requestForCacheableRender(request("/", { Cookie: "vid=A" }), "shared").headers.has("cookie")).toBe(
      false,
    );
  });
});

describe("page snapshots", () => {
  const html = (headers: Record<string, string> = {}, status = 200) =>
    new Response("<p>page</p>", { status, headers: { "Content-Type": "text/html", ...headers } });

  it("keeps only a plain 200 whose render read nothing personal and met no server error", async () => {
    expect((await snapshotPage(html())).storable).toBe(true);
    const tainted = await snapshotPage(html(), { personalRead: "/api/v1/viewed" });
    expect(tainted).toMatchObject({ storable: false, personalRead: "/api/v1/viewed" });
    const failed = await snapshotPage(html(), { failedRead: "/api/v1/categories" });
    expect(failed).toMatchObject({ storable: false, personalRead: undefined });
    expect((await snapshotPage(html({ "Set-Cookie": "x=1" }))).storable).toBe(false);
    expect((await snapshotPage(html({}, 404))).storable).toBe(false);
  });

  it("keeps a page's gzip in stretches chained across its nonce, joined under a fresh one", async () => {
    const nonce = "AbCdEf0123456789_-xyzQ";
    const card = "<li>Смартфон Apple iPhone 15 · 79 990 ₽</li>".repeat(30);
    const body = `<script nonce="${nonce}"></script>${card}<link nonce="${nonce}">${card}`;
    const page = await snapshotPage(
      new Response(body, {
        headers: {
          "Content-Type": "text/html",
          "Content-Security-Policy": `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        },
      }),
    );
    // Each answer's nonce has the render's length, so the stretches may refer back across it (ADR 071).
    expect(page.gzip?.chainedFor).toBe(nonce.length);
    const fresh = "zz9_-YYYYYYYYYYYYYYYYY";
    expect(gunzipSync(gzipWithFreshNonce(page.gzip!, fresh)).toString("utf8")).toBe(
      body.replaceAll(nonce, fresh),
    );
    expect(new TextDecoder().decode(page.body)).toBe(body);
  });

  it("marks pages rendered for one request by their policy", () => {
    expect(uncachedPagePolicy("personal", 200)).toBe("private, no-store");
    expect(uncachedPagePolicy("city", 200)).toBe("private, no-cache");
    expect(uncachedPagePolicy("shared", 404)).toBe("no-store");
    expect(uncachedPagePolicy("shell", 200)).toBe("private, no-store");
  });
});
