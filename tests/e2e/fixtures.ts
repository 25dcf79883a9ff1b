import type { UserFields } from "#tests/factories/build-user.ts";
import {
  test as base,
  expect,
  type SignedInShopper,
  type SignInOptions,
  signInContext,
} from "./support/test.ts";

export type { SignedInShopper };

/**
 * The browser journeys' test: the worker's own server (support/test.ts), pages that must be free of console
 * errors, and `signIn`.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowedConsoleErrors: RegExp;
  /**
   * Signs a made-up shopper in (in the manner of epic-stack's tests/playwright-utils.ts): the user and a
   * real session are made through the server's own identity service, the browser's visitor data moves into
   * the account as at a real sign-in, and the session cookie lands in this test's browser context. Call it
   * before `page.goto`.
   */
  signIn: (overrides?: Partial<UserFields>, options?: SignInOptions) => Promise<SignedInShopper>;
}>({
  signIn: async ({ shop, context }, use) => {
    await use((overrides = {}, options = {}) => signInContext(shop, context, overrides, options));
  },
  /** Console errors a test expects (e.g. the browser's own note that a page answered 404). */
  // A pattern (use alternation for several); the default matches nothing.
  allowedConsoleErrors: [/(?!)/, { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !allowedConsoleErrors.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the server-rendered page (root sets data-hydrated on <html>). */
export async function waitForHydration(page: import("@playwright/test").Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

type Info = import("@playwright/test").TestInfo;

/**
 * The shared halva server that playwright.config.ts starts next to the alfa one (the same build and seed, on
 * the next port). Specs that are not run by the halva projects reach the halva theme through it.
 */
export const HALVA_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

/** Whether the project runs at a phone's width (the storefront's mobile layout is ≤ 1200 px). */
export function isPhone(info: Info): boolean {
  return (info.project.use.viewport?.width ?? 1280) <= 1200;
}

/** The theme of the server the project talks to (see playwright.config.ts). */
export function themeOf(info: Info): "alfa" | "halva" {
  return info.project.metadata?.theme === "halva" ? "halva" : "alfa";
}

/** Asserts the page is drawn in the project's theme, so a journey proves which theme it walked through. */
export async function expectTheme(page: import("@playwright/test").Page, info: Info) {
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\btheme-${themeOf(info)}\\b`));
}

/**
 * A product page whose cached copy no other test can drop: placing an order changes a product's stock,
 * and that drops its cached pages (ADR 012), so tests comparing cached copies use a product nobody can
 * buy (coming soon, else sold out) rather than one the parallel checkout journeys may pick.
 */
export async function productNobodyBuys(
  request: import("@playwright/test").APIRequestContext,
): Promise<number> {
  const listing = (await (await request.get("/api/v1/products?limit=100&sort=popular")).json()) as {
    items: { id: number; state: string }[];
  };
  const product =
    listing.items.find((p) => p.state === "coming_soon") ?? listing.items.find((p) => p.state === "sold_out");
  if (!product) throw new Error("the seed has no product that cannot be bought");
  return product.id;
}

/**
 * A kept page's copy that two requests in a row agree on. The page cache serves a copy past its freshness
 * once more while it renders the page again (stale-while-revalidate), so the first request can get a copy
 * minutes old and the next one a new copy; a test comparing what two visitors get starts from a settled one.
 */
export async function settledCopy(
  request: import("@playwright/test").APIRequestContext,
  path: string,
): Promise<string> {
  const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
  let previous = withoutNonces(await (await request.get(path)).text());
  for (let i = 0; i < 5; i += 1) {
    const next = withoutNonces(await (await request.get(path)).text());
    if (next === previous) return next;
    previous = next;
  }
  throw new Error(`${path}: no two requests in a row got the same copy`);
}
