import { test as base, expect } from "@playwright/test";
import { buildUser, type UserFields } from "#tests/factories/build-user.ts";

export interface SignedInShopper {
  userId: number;
  phone: string;
  name: string;
}

/**
 * Every page a test opens must be free of console errors and uncaught exceptions: a hydration mismatch
 * or a failed request shows up here before a shopper sees it.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowedConsoleErrors: RegExp;
  /**
   * Signs a made-up shopper in (in the manner of epic-stack's tests/playwright-utils.ts): the server
   * creates the user and a real session through its test sign-in route, and the session cookie lands in
   * this test's browser context. Call it before `page.goto`.
   */
  signIn: (overrides?: Partial<UserFields>, options?: { points?: number }) => Promise<SignedInShopper>;
}>({
  /**
   * Each test is a client of its own (X-Forwarded-For from 198.18.0.0/15, trusted by the test servers'
   * TRUST_PROXY=loopback): the per-address limits that no switch turns off — 20 SMS codes an hour, 60 bank
   * sign-in starts in 10 minutes — would otherwise be shared by the whole suite's browsers on 127.0.0.1.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    await use({ "x-forwarded-for": address, ...extraHTTPHeaders });
  },
  signIn: async ({ page, baseURL }, use) => {
    await use(async (overrides = {}, options = {}) => {
      const user = buildUser(overrides);
      // page.request shares the context's cookie jar, so the Set-Cookie signs the page in.
      const response = await page.request.post("/__test/sign-in", {
        headers: { "x-test-sign-in-secret": process.env.E2E_SIGN_IN_SECRET ?? "", origin: baseURL ?? "" },
        data: {
          phone: user.phone,
          surname: user.surname,
          name: user.name,
          patronymic: user.patronymic,
          ...(options.points ? { points: options.points } : {}),
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      const { userId } = (await response.json()) as { userId: number };
      return { userId, phone: user.phone!, name: user.name! };
    });
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
