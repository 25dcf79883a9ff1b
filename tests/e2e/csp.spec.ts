import type { Page } from "@playwright/test";
import { createProduct } from "#tests/factories/products.ts";
import { expect, expectTheme, test, waitForHydration } from "./fixtures.ts";
import { openLeafFromCatalog } from "./support/catalog.ts";
import { type ShopServer, startShopServer } from "./support/shop-server.ts";

/**
 * The storefront under its Content-Security-Policy (ADR 021): every main page loads, hydrates and navigates
 * with no violation. Violations are collected twice: the `securitypolicyviolation` events the document
 * raises, and the browser's "Refused to …" console messages. The policy is the same in both themes and at
 * both widths, so this spec runs once (alfa, desktop); the key pages in the other theme and width load under
 * the same policy in the @matrix specs (a11y, themes), where a "Refused to …" console error fails the test
 * (fixtures.ts).
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

async function watchViolations(page: Page): Promise<string[]> {
  // Injected by the browser before any page script, outside the page's policy.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations?.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
      });
    });
  });
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (?:load|execute|apply|connect|frame)/i.test(message.text())) {
      messages.push(message.text());
    }
  });
  return messages;
}

async function violationsOn(page: Page): Promise<Violation[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

async function expectPolicy(response: Awaited<ReturnType<Page["goto"]>>) {
  const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9_-]{22}' 'strict-dynamic'/);
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}

test("the main pages load and hydrate with no policy violation", async ({ page, request }, info) => {
  const product = await (await request.get("/api/v1/products/1")).json();
  const pages = [
    "/",
    "/catalog",
    "/catalog/1/elektronika",
    "/product/1",
    "/product/1/photos",
    "/search/?q=смартфон",
    `/brand/${product.brand.code}`,
    `/seller/${product.seller.code}`,
    "/basket",
    "/page/offer",
  ];
  const messages = await watchViolations(page);
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectPolicy(response);
    await waitForHydration(page);
    await expectTheme(page, info);
    // Below the fold too: lazily loaded images and sections.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await violationsOn(page), path).toEqual([]);
  }
  expect(messages).toEqual([]);
});

test.describe("the 404 page", () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("loads with no policy violation", async ({ page }) => {
    const messages = await watchViolations(page);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expectPolicy(response);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    expect(messages).toEqual([]);
  });
});

test("client-side navigation loads route chunks under the policy", async ({ page }) => {
  const messages = await watchViolations(page);
  await page.goto("/");
  await waitForHydration(page);
  // Each hop loads the next route's lazily imported module (and its preloads) from a nonced script.
  await page.goto("/catalog");
  await waitForHydration(page);
  await openLeafFromCatalog(page, "Смартфоны и гаджеты", "Смартфоны");
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByText("Характеристики")).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);
  expect(messages).toEqual([]);
});

test("a cached page is served under a fresh nonce and still runs", async ({ page, request, shop }) => {
  // A product page of the test's own: no one else has had it rendered, so the first request renders and keeps
  // it and the second is served that kept copy.
  const product = await createProduct(shop.db, { isComingSoon: true, stock: 0 });
  const path = `/product/${product.id}`;
  const first = await request.get(path);
  const second = await request.get(path);
  expect(first.status()).toBe(200);
  expect(second.headers()["x-cache"]).toBe("HIT");
  const nonces = [first, second].map(
    (r) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"]!)?.[1],
  );
  expect(nonces[0]).not.toBe(nonces[1]);
  expect(first.headers().etag).toBe(second.headers().etag);
  for (const [i, res] of [first, second].entries()) {
    const scripts = [...(await res.text()).matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    for (const attrs of scripts.filter((a) => !a.includes("application/ld+json"))) {
      expect(attrs).toContain(`nonce="${nonces[i]}"`);
    }
  }
  // And a browser runs the kept page: it hydrates with no violation.
  const messages = await watchViolations(page);
  const response = await page.goto(path);
  await expectPolicy(response);
  await waitForHydration(page);
  expect(await violationsOn(page)).toEqual([]);
  expect(messages).toEqual([]);
});

test.describe("with the Metrika counter on", () => {
  // Start-up configuration the worker's server has not: a server of its own (the counter does not depend on
  // the theme or the width).
  let server: ShopServer | undefined;

  test.beforeAll(async () => {
    server = await startShopServer({ env: { YM_ID: "12345678" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the tag, its modules, hits and pixels pass the policy", async ({ page }) => {
    const hits: string[] = [];
    // No network here: Yandex's hosts answer from this stub, which does what the real tag does first —
    // loads a module from yastatic.net, sends a hit over fetch and a pixel as an image.
    await page.route(/^https:\/\/(?:mc\.yandex\.ru|yastatic\.net)\//, (route) => {
      const url = route.request().url();
      hits.push(url);
      if (url.endsWith("/metrika/tag.js")) {
        return route.fulfill({
          contentType: "text/javascript",
          body: `
            const module = document.createElement("script");
            module.src = "https://yastatic.net/s3/metrika/module.js";
            document.head.appendChild(module);
            fetch("https://mc.yandex.ru/watch/12345678", { method: "POST", body: "hit", mode: "no-cors" });
            new Image().src = "https://mc.yandex.ru/watch/12345678/1?pixel";
            window.__metrikaQueue = window.ym && window.ym.a ? window.ym.a.length : -1;`,
        });
      }
      if (url.endsWith("/module.js")) {
        return route.fulfill({ contentType: "text/javascript", body: "window.__metrikaModule = true;" });
      }
      return route.fulfill({ status: 204 });
    });
    const messages = await watchViolations(page);
    const response = await page.goto(`${server!.origin}/product/1`);
    expect((await response?.allHeaders())?.["content-security-policy"]).toContain("https://mc.yandex.ru");
    await waitForHydration(page);
    // The counter was initialised with a page view before its tag ran.
    await expect
      .poll(() => page.evaluate(() => (window as { __metrikaQueue?: number }).__metrikaQueue))
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => (window as { __metrikaModule?: boolean }).__metrikaModule))
      .toBe(true);
    await expect.poll(() => hits.filter((h) => h.includes("/watch/")).length).toBe(2);
    expect(await violationsOn(page)).toEqual([]);
    expect(messages).toEqual([]);
  });
});
