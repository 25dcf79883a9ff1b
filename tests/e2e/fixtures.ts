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

/** The bank's profile call fails (502) in this page: the import's error paths. */
export async function refuseBankProfile(page: import("@playwright/test").Page) {
  await page.route("**/api/user/external/profile", (route) =>
    route.fulfill({
      status: 502,
      json: { status: 502, code: "upstream", type: "unavailable", message: "Нет связи" },
    }),
  );
}
