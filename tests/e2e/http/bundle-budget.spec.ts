import { gzipSync } from "node:zlib";
import { expect, test } from "../support/test.ts";

/**
 * The product page's budget; sizes are bytes, so this is deterministic, not a timing. Issue 4 set 150 KB;
 * issue 22's page (variant picker, delivery block, seller card, buy bar, installments, questions and
 * stock alerts, pictures with srcset) measures 156.2 KB with isbot kept out of the first load, and this
 * holds it there: issue 23 owns the cut to 120 KB (a vendor chunk split by route).
 */
const PRODUCT_FIRST_LOAD_KB = 157;

async function firstLoadScripts(request: import("@playwright/test").APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) srcs.add(m[1]!);
  return Promise.all(
    [...srcs].map(async (src) => ({ src, body: Buffer.from(await (await request.get(src)).body()) })),
  );
}

/**
 * Every route's first load, gzipped KB: the entry, and each route of its branch (root, layout, page) with
 * the chunks it imports, as the build's route manifest lists them. Measured 2026-12-06; a route may grow by
 * less than 1 KB before this fails, and a new route needs a line. The floor under every route is the root's
 * 144 KB, 111 of them the vendor chunk (React DOM 54, React Router 39, TanStack Query 13, React 3): issue
 * 23's 120 KB needs a smaller framework or partly deferred hydration, not a split (docs/performance.md).
 * Above it, the personal and back-office pages carry zod (the 26 KB `schemas` chunk) through the contract
 * modules they import constants and parsers from; the storefront's public pages do not (the test above).
 */
const ROUTE_FIRST_LOAD_KB: Record<string, number> = {
  root: 144.2,
  "layout-default": 144.3,
  index: 152.3,
  auth: 145.7,
  "auth-mobile": 162.3,
  "confirm-auth": 162.4,
  fail: 150.2,
  basket: 153.4,
  catalog: 145.3,
  "catalog-menu-catMenuId": 145.1,
  "catalog-catId-sef": 154.7,
  "page-slug": 144.9,
  "search-sef": 155.7,
  "search-form": 145.4,
  "select-city": 146.5,
  "thank-you": 150.2,
  "product-productId": 156.5,
  "product-productId-photos": 144.7,
  "promotion-top-profit-info": 155.0,
  "collection-collectionId": 154.3,
  "brand-brandCode-sef": 154.0,
  "brand-brandCode-category-catId": 154.0,
  "seller-sellerCode-sef": 154.4,
  "seller-sellerCode-category-catId-sef": 154.4,
  "checkout-steps-delivery": 158.4,
  "checkout-steps-payment-id": 152.3,
  "layout-personal": 144.3,
  personal: 144.4,
  "personal-orders": 150.8,
  "personal-orders-orderId": 177.2,
  "personal-profile": 207.3,
  "personal-refunds": 146.1,
  "personal-refunds-new": 177.4,
  "personal-refunds-refundId": 175.5,
  "personal-support": 178.0,
  "personal-support-status": 177.8,
  "personal-wishlist": 149.4,
  "personal-viewed": 150.6,
  "personal-purchases": 149.1,
  "personal-bonus": 145.8,
  "personal-recipients": 206.9,
  "personal-address-addressId": 192.8,
  "layout-admin": 144.3,
  admin: 177.8,
  "admin-orders-orderId": 183.6,
  "admin-support": 175.0,
  "admin-support-appealId": 174.1,
  "admin-reviews": 175.0,
  "admin-questions": 175.1,
  "admin-refunds": 179.1,
  "admin-refunds-refundId": 178.2,
  "admin-payments": 176.7,
  "admin-stock": 176.4,
  "admin-products": 146.3,
  "admin-products-productId-photos": 174.7,
  "admin-banners": 175.8,
  "admin-sms": 147.1,
  "admin-staff": 161.8,
  "admin-audit": 176.7,
  "layout-fallback": 144.3,
  "not-found": 144.4,
};

interface RouteManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
}

async function routeManifest(request: import("@playwright/test").APIRequestContext): Promise<RouteManifest> {
  const html = await (await request.get("/")).text();
  const src = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
  expect(src, "the route manifest's script on the home page").toBeTruthy();
  const text = await (await request.get(src!)).text();
  return JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

// The bundle is the same at every width and theme: the http project runs this once, with no browser.
test.describe("first-load JavaScript", () => {
  test(`the product page loads at most ${PRODUCT_FIRST_LOAD_KB} KB of gzipped JavaScript`, async ({
    request,
  }) => {
    const scripts = await firstLoadScripts(request, "/product/1");
    expect(scripts.length).toBeGreaterThan(2);
    const kb = scripts.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0) / 1024;
    expect(kb, `${kb.toFixed(1)} KB gzipped`).toBeLessThanOrEqual(PRODUCT_FIRST_LOAD_KB);
  });

  // One test a page: each fetches every script the page loads first.
  for (const path of ["/", "/product/1", "/catalog", "/search/?q=смартфон"]) {
    test(`no page ships the schema library (zod stays on the server): ${path}`, async ({ request }) => {
      for (const { src, body } of await firstLoadScripts(request, path)) {
        // Zod's class names survive minification ("$ZodType"); its `_zod` field may not. A whole word, so the
        // root's switch of zod's global (`__zod_globalConfig`, app/lib/zod-csp.ts) is not taken for zod itself.
        expect(/\b_zod\b/.test(body.toString()) || body.includes("$ZodType"), `${src} on ${path}`).toBe(
          false,
        );
      }
    });
  }

  test("every route's first load stays within its measured budget", async ({ request }) => {
    const manifest = await routeManifest(request);
    const gzipped = new Map<string, number>();
    const sizeOf = async (src: string) => {
      if (!gzipped.has(src))
        gzipped.set(src, gzipSync(Buffer.from(await (await request.get(src)).body()), { level: 9 }).length);
      return gzipped.get(src)!;
    };
    const measured: Record<string, number> = {};
    for (const route of Object.values(manifest.routes)) {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (
        let r: typeof route | undefined = route;
        r;
        r = r.parentId ? manifest.routes[r.parentId] : undefined
      ) {
        files.add(r.module);
        for (const chunk of r.imports ?? []) files.add(chunk);
      }
      let bytes = 0;
      for (const file of files) bytes += await sizeOf(file);
      measured[route.id] = Math.round((bytes / 1024) * 10) / 10;
    }
    const table = JSON.stringify(measured, null, 1);
    const unbudgeted = Object.keys(measured).filter((id) => !(id in ROUTE_FIRST_LOAD_KB));
    expect(unbudgeted, `routes without a budget; measured: ${table}`).toEqual([]);
    const over = Object.entries(measured).filter(([id, kb]) => kb >= (ROUTE_FIRST_LOAD_KB[id] ?? 0) + 1);
    expect(over, `routes over their budget (KB); measured: ${table}`).toEqual([]);
  });
});
