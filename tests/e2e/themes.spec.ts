import { mkdirSync } from "node:fs";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { type SpawnedServer, spawnServer } from "./server.ts";

// Start-up configuration that the main test server does not have: the halva theme and planned works.
let halva: SpawnedServer;
let maintenance: SpawnedServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browserName }, info) => {
  expect(browserName).toBe("chromium");
  const base = 4400 + info.parallelIndex * 4 + (info.project.name === "mobile" ? 40 : 0);
  [halva, maintenance] = await Promise.all([
    spawnServer(base, { THEME: "halva", LOG_LEVEL: "warn" }),
    spawnServer(base + 1, { THEME: "halva", MAINTENANCE_MODE: "true", LOG_LEVEL: "warn" }),
  ]);
});

test.afterAll(() => {
  halva?.stop();
  maintenance?.stop();
});

test("the halva theme is rendered on the server with its own favicon", async ({ page }) => {
  const response = await page.goto(`${halva.origin}/`);
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

  test("every page answers 503 with the wait time and a 56 px refresh button", async ({ page }) => {
    const response = await page.goto(`${maintenance.origin}/catalog`);
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

  test("key pages in both themes", async ({ page, baseURL }, info) => {
    test.setTimeout(120_000);
    const dir = "test-results/screenshots";
    mkdirSync(dir, { recursive: true });
    const width = page.viewportSize()!.width;
    for (const [theme, origin] of [
      ["alfa", baseURL!],
      ["halva", halva.origin],
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
        await page.screenshot({ path: `${dir}/${theme}-${name}-${width}.png` });
      }
    }
    expect(info.project.name).toBeTruthy();
  });
});
