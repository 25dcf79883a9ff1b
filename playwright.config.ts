import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/** A Chromium that is already here: CHROME_PATH, Debian's, or Playwright's own cache. Never downloads one. */
function findChromium(): string | undefined {
  for (const candidate of [
    process.env.CHROME_PATH,
    // Debian's chromium-headless-shell: the old headless mode, a third less CPU per test than the full
    // browser's new headless mode here (a11y.spec.ts at 1280 px: 65 s of test time against 98 s).
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined; // Playwright falls back to its own browser if one was installed
}

const executablePath = findChromium();

// Each worker runs the production build's server in its own process (tests/e2e/support/shop-server.ts).
// The build keeps `react-dom/server` external, and React picks its build from NODE_ENV when first loaded:
// without this, pages would be rendered by React's development build, 5–8 times slower and not what
// production runs. Workers load this file before any spec.
process.env.NODE_ENV ??= "production";

/**
 * Where a test runs (docs/testing.md). Every test runs once, in the alfa theme at 1280 px, unless tagged:
 * - `@matrix`: in both themes at both widths, where they really differ (layout and screenshots, contrast,
 *   one full purchase journey);
 * - `@themes`: in alfa at both widths and in halva at 375 px (a journey of its own whose screens are
 *   looked at in each theme: the theme changes colours, type and radii, the width the layout);
 * - `@widths`: at 1280 and 375 px in the alfa theme (a subject whose layout differs by width);
 * - `@phone`: at 375 px only (a phone's layout or gesture).
 * Request-only specs (tests/e2e/http) run once in the `http` project and start no browser.
 */
const AT_PHONE_WIDTH = /@matrix|@themes|@widths|@phone/;

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } };
const mobile = {
  ...devices["Desktop Chrome"],
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
};
const HTTP_SPECS = /\/http\/.*\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder on every run; screenshots and JSON reports live beside it.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/playwright.json" }],
  ],
  timeout: 30_000,
  // Two workers, each with its server and browser, share this 2-core machine: a navigation can take
  // longer than 5 s.
  expect: { timeout: 10_000 },
  // The build if it is stale, and the template database every worker's server copies (support/).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // The machine has no network beyond the registries: keep Chromium from reaching out.
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "http", testMatch: HTTP_SPECS, metadata: { theme: "alfa" } },
    {
      name: "desktop",
      use: desktop,
      testIgnore: HTTP_SPECS,
      grepInvert: /@phone/,
      metadata: { theme: "alfa" },
    },
    {
      name: "mobile",
      use: mobile,
      testIgnore: HTTP_SPECS,
      grep: AT_PHONE_WIDTH,
      metadata: { theme: "alfa" },
    },
    {
      name: "desktop-halva",
      use: desktop,
      testIgnore: HTTP_SPECS,
      grep: /@matrix/,
      metadata: { theme: "halva" },
    },
    {
      name: "mobile-halva",
      use: mobile,
      testIgnore: HTTP_SPECS,
      grep: /@matrix|@themes/,
      metadata: { theme: "halva" },
    },
  ],
});
