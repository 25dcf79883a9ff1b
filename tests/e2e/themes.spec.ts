import { mkdirSync } from "node:fs";
import { expect, expectTheme, test, themeOf, waitForHydration } from "./fixtures.ts";
import { type ShopServer, startShopServer } from "./support/shop-server.ts";

/**
 * The two brands (the theme is start-up configuration): each @matrix project's server draws its own theme
 * (playwright.config.ts), so the screenshots of the key pages come from all four projects, each in its
 * theme at its width, and the home page proves the theme is rendered on the server, not switched later.
 */

const SCREENSHOTS = "test-results/screenshots";

/** Where a shopper tells the brands apart first: the favicon and the header behind the logo. */
const BRAND = {
  alfa: { favicon: "/favicon-alfa.svg", header: "rgb(255, 255, 255)" },
  halva: { favicon: "/favicon-halva.svg", header: "rgb(29, 27, 51)" },
} as const;

const KEY_PAGES = [
  ["catalog", "/catalog"],
  ["category", "/catalog/2/x"],
  ["product", "/product/1"],
  ["basket", "/basket"],
  ["not-found", "/no-such-page"],
] as const;

test.describe("screenshots", { tag: "@matrix" }, () => {
  test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));
  const shotOf = (
    page: import("@playwright/test").Page,
    info: import("@playwright/test").TestInfo,
    name: string,
  ) => `${SCREENSHOTS}/${themeOf(info)}-${name}-${page.viewportSize()!.width}.png`;

  test("home: the theme is rendered on the server with its own favicon and header", async ({
    page,
  }, info) => {
    const theme = themeOf(info);
    const response = await page.goto("/");
    expect(await response!.text()).toMatch(new RegExp(`<html lang="ru" class="theme-${theme}"`));
    await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
      "href",
      BRAND[theme].favicon,
    );
    await waitForHydration(page);
    await expectTheme(page, info);
    // The colour behind the logo: the header's own background, whichever element draws it.
    const headerColour = await page
      .getByRole("banner")
      .getByRole("link", { name: "Витрина — на главную" })
      .evaluate((logo) => {
        for (let el: Element | null = logo; el; el = el.parentElement) {
          const colour = getComputedStyle(el).backgroundColor;
          if (colour !== "rgba(0, 0, 0, 0)") return colour;
        }
        return "none";
      });
    expect(headerColour).toBe(BRAND[theme].header);
    await page.screenshot({ path: shotOf(page, info, "home") });
  });

  for (const [name, path] of KEY_PAGES) {
    test.describe(() => {
      if (name === "not-found") test.use({ allowedConsoleErrors: /status of 404/ });
      test(name, async ({ page }, info) => {
        await page.goto(path);
        await waitForHydration(page);
        await expectTheme(page, info);
        await page.screenshot({ path: shotOf(page, info, name) });
      });
    });
  }
});

test.describe("planned works", () => {
  test.use({ allowedConsoleErrors: /status of 503|\[503\]/ });
  // Start-up configuration the worker's server has not: a server of its own, in the halva theme.
  let maintenance: ShopServer | undefined;

  test.beforeAll(async () => {
    // Every page's API read is refused there, and the server logs each refusal with its stack: kept out of
    // the test output.
    maintenance = await startShopServer({
      theme: "halva",
      env: { MAINTENANCE_MODE: "true", LOG_LEVEL: "fatal" },
    });
  });

  test.afterAll(async () => {
    await maintenance?.stop();
  });

  test("every page answers 503 with the wait time and a 56 px refresh button", async ({ page }) => {
    const response = await page.goto(`${maintenance!.origin}/catalog`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сервис временно недоступен");
    await expect(page.getByText(/Попробуйте зайти через час$/)).toBeVisible();
    await expect(page).toHaveTitle("Сервис временно недоступен — Витрина");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveClass(/\btheme-halva\b/);
    const refresh = page.getByRole("button", { name: "Обновить страницу" });
    expect((await refresh.boundingBox())!.height).toBe(56);
    const navigation = page.waitForEvent("framenavigated");
    await refresh.click();
    await navigation;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сервис временно недоступен");
  });
});
