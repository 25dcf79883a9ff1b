import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/** A Chromium that is already here: CHROME_PATH, Debian's, or Playwright's own cache. Never downloads one. */
function findChromium(): string | undefined {
  for (const candidate of [
    process.env.CHROME_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined; // Playwright falls back to its own browser if one was installed
}

const PORT = Number(process.env.E2E_PORT ?? 4310);
/** The same build in the halva theme, for the shopper journeys that run in both themes. */
const HALVA_PORT = PORT + 1;
const executablePath = findChromium();
/**
 * The secret of the servers' test sign-in route (server/http/test-sign-in.ts), made once per run. Set in
 * the environment here, in the runner, so the workers it starts (and the `signIn` fixture in them) see it.
 */
process.env.E2E_SIGN_IN_SECRET ??= randomBytes(24).toString("base64url");

/** Specs whose journeys run in both themes at both widths (issue 4): catalogue and its menu, search, product pages; the page CSP, dialogs, toasts and comboboxes (issue 9). */
const BOTH_THEMES =
  /(?:^|\/)(listing|search|catalog-menu|review-photos|csp|overlays|account|profile|wishlist|addresses-recipients|bank-sign-in|identity-import|phone-sign-in|delivery-promise|basket|checkout-delivery|checkout-journey)\.spec\.ts$/;

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } };
const mobile = {
  ...devices["Desktop Chrome"],
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
};

function server(port: number, theme: "alfa" | "halva") {
  return {
    // The production build over a fresh in-memory database, seeded at start-up.
    command: "node build/node/main.js",
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      THEME: theme,
      DATA_DIR: "memory://",
      SEED_PRODUCTS: "400",
      LOG_LEVEL: "warn",
      FEATURE_ALFA_ID: "1",
      TEST_SIGN_IN_SECRET: process.env.E2E_SIGN_IN_SECRET!,
      AUTH_URL: "http://127.0.0.1:9/bank-login",
      DATABASE_URL: "",
      // Every browser of the suite comes from 127.0.0.1: one client's budget would not cover them all.
      RATE_LIMITS: "off",
      // The limits that stay on whatever RATE_LIMITS says (SMS codes per address, bank sign-in starts) count
      // each test as its own client: the fixtures send a made-up X-Forwarded-For, trusted from loopback.
      TRUST_PROXY: "loopback",
    },
  };
}

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
  // Two servers and two browsers share this 2-core machine: a navigation can take longer than 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
    { name: "desktop", use: desktop, metadata: { theme: "alfa" } },
    {
      name: "mobile",
      use: mobile,
      metadata: { theme: "alfa" },
      // Process-level tests need no second run at another viewport.
      testIgnore: /lifecycle\.spec\.ts/,
    },
    {
      name: "desktop-halva",
      use: { ...desktop, baseURL: `http://127.0.0.1:${HALVA_PORT}` },
      metadata: { theme: "halva" },
      testMatch: BOTH_THEMES,
    },
    {
      name: "mobile-halva",
      use: { ...mobile, baseURL: `http://127.0.0.1:${HALVA_PORT}` },
      metadata: { theme: "halva" },
      testMatch: BOTH_THEMES,
    },
  ],
  webServer: [server(PORT, "alfa"), server(HALVA_PORT, "halva")],
});
