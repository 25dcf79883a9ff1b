import { mkdirSync } from "node:fs";
import { expect, HALVA_ORIGIN, isPhone, test, waitForHydration } from "./fixtures.ts";
import { type SpawnedServer, spawnServer } from "./server.ts";

// The halva theme is the shared halva server's (see playwright.config.ts).
test("the halva theme is rendered on the server with its own favicon", async ({ page }) => {
  const response = await page.goto(`${HALVA_ORIGIN}/`);
  expect(await response!.text()).toMatch(/<html lang="ru" class="theme-halva"/);
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
    "href",
    "/favicon-halva.svg",
  );
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(/theme-halva/);
  // The two brands differ where a shopper sees it first: the header.
  const headerColour = await page
    .locator(".site-header__middle")
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(headerColour).toBe("rgb(29, 27, 51)");
});

test.describe("planned works", () => {
  test.use({ allowedConsoleErrors: /status of 503|\[503\]/ });
  // Start-up configuration that neither shared server has: a server of its own.
  test.describe.configure({ mode: "serial" });
  let maintenance: SpawnedServer | undefined;

  test.beforeAll(async ({ browserName }, info) => {
    expect(browserName).toBe("chromium");
    const port = 4400 + info.parallelIndex * 2 + (isPhone(info) ? 40 : 0);
    maintenance = await spawnServer(port, { THEME: "halva", MAINTENANCE_MODE: "true", LOG_LEVEL: "warn" });
  });

  test.afterAll(() => {
    maintenance?.stop();
  });

  test("every page answers 503 with the wait time and a 56 px refresh button", async ({ page }) => {
    const response = await page.goto(`${maintenance!.origin}/catalog`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сервис временно недоступен");
    await expect(page.getByText(/Попробуйте зайти через час$/)).toBeVisible();
    await expect(page).toHaveTitle("Сервис временно недоступен — Витрина");
    await waitForHydration(page);
    const refresh = page.getByRole("button", { name: "Обновить страницу" });
    expect((await refresh.boundingBox())!.height).toBe(56);
    const navigation = page.waitForEvent("framenavigated");
    await refresh.click();
    await navigation;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сервис временно недоступен");
  });
});

test.describe("screenshots", () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("key pages in both themes", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const dir = "test-results/screenshots";
    mkdirSync(dir, { recursive: true });
    const width = page.viewportSize()!.width;
    for (const [theme, origin] of [
      ["alfa", baseURL!],
      ["halva", HALVA_ORIGIN],
    ] as const) {
      for (const [name, path] of [
        ["home", "/"],
        ["catalog", "/catalog"],
        ["category", "/catalog/2/x"],
        ["product", "/product/1"],
        ["basket", "/basket"],
        ["not-found", "/no-such-page"],
      ] as const) {
        await page.goto(`${origin}${path}`);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\btheme-${theme}\\b`));
        await page.screenshot({ path: `${dir}/${theme}-${name}-${width}.png` });
      }
    }
  });
});
