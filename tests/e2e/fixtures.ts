import { test as base, expect } from "@playwright/test";

/**
 * Every page a test opens must be free of console errors and uncaught exceptions: a hydration mismatch
 * or a failed request shows up here before a shopper sees it.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp }>({
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
