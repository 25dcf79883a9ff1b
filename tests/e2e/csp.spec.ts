import type { Page } from "@playwright/test";
import { expect, expectTheme, test, waitForHydration } from "./fixtures.ts";

/**
 * The storefront under its Content-Security-Policy (ADR 016): every main page, in both themes (the halva
 * projects run this spec too) and at both widths, loads, hydrates and navigates with no violation.
 * Violations are collected twice: the `securitypolicyviolation` events the document raises, and the
 * browser's "Refused to …" console messages (which the fixture would also fail on as console errors).
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
  await page.getByRole("link", { name: "Смартфоны", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByText("Характеристики")).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);
  expect(messages).toEqual([]);
});

test("a cached page is served under a fresh nonce and still runs", async ({ page, request }) => {
  // Two anonymous requests: the second comes from the page cache.
  const first = await request.get("/page/offer");
  const second = await request.get("/page/offer");
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
  const response = await page.goto("/page/offer");
  await expectPolicy(response);
  await waitForHydration(page);
  expect(await violationsOn(page)).toEqual([]);
  expect(messages).toEqual([]);
});
