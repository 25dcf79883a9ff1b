import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, isPhone, test, waitForHydration } from "./fixtures.ts";
import { type SpawnedServer, spawnServer } from "./server.ts";

const INFO = "/promotion/top-profit/info";

/** No serious or critical WCAG violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
}

const badges = (cards: Locator) => cards.locator(".badge--top-profit");

/** Opens the listing of the catalogue's first section (the first of the home page's section tiles). */
async function openSection(page: Page, origin: string) {
  const { items } = await (await page.request.get(`${origin}/api/v1/categories?depth=1`)).json();
  await page.goto(`${origin}/catalog/${items[0].id}/${items[0].slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: items[0].name })).toBeVisible();
}

// The main test server runs without the promotion; this server runs it, with enough products (about
// 60 in the promotion) for more than one page of them.
test.describe("while the promotion runs", () => {
  test.describe.configure({ mode: "serial" });
  let server: SpawnedServer | undefined;

  test.beforeAll(async ({ browserName }, info) => {
    expect(browserName).toBe("chromium");
    const port = 4800 + info.parallelIndex * 2 + (isPhone(info) ? 20 : 0);
    // Seeding takes a while on a busy machine.
    info.setTimeout(120_000);
    server = await spawnServer(port, { FEATURE_TOP_PROFIT: "1", SEED_PRODUCTS: "800", LOG_LEVEL: "warn" });
  });

  test.afterAll(() => {
    server?.stop();
  });

  test("the home page shows the promotion's collection, every product marked, with a link to the promotion", async ({
    page,
  }) => {
    await page.goto(`${server!.origin}/`);
    await waitForHydration(page);
    const heading = page.getByRole("heading", { level: 2, name: "Топ-выгода" });
    await expect(heading).toBeVisible();
    const cards = page.getByRole("list", { name: "Топ-выгода" }).getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(badges(cards)).toHaveCount(6);
    await expect(badges(cards).first()).toHaveText("Топ-выгода");
    // Products outside the promotion carry no mark.
    const popular = page.getByRole("list", { name: "Популярные товары" }).getByRole("article");
    const marked = await badges(popular).count();
    expect(marked).toBeLessThan(await popular.count());
    await expectAccessible(page);

    await page.getByRole("link", { name: "Все товары акции" }).click();
    await expect(page).toHaveURL(`${server!.origin}${INFO}`);
    await expect(page.getByRole("heading", { level: 1, name: "Акция «Топ-выгода»" })).toBeVisible();
  });

  test("the promotion's page explains it and lists its products with sort and crawlable pages", async ({
    page,
  }) => {
    const response = await page.goto(`${server!.origin}${INFO}`);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // Server-rendered: the products and the link to the next page are in the HTML for crawlers.
    expect(html).toContain("product-card");
    expect(html).toContain(`href="${INFO}?page=2"`);
    await waitForHydration(page);

    await expect(page.getByRole("heading", { level: 2, name: "Как это работает" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Кешбэк баллами" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Условия" })).toBeVisible();
    await expect(page.getByText("Сейчас акция не проводится")).toHaveCount(0);
    // A curated list: sort and pages, no filters.
    await expect(page.getByRole("button", { name: /^Фильтры/ })).toHaveCount(0);

    const cards = page.getByRole("list", { name: "Товары акции «Топ-выгода»" }).getByRole("article");
    await expect(cards).toHaveCount(24);
    await expect(badges(cards)).toHaveCount(24);
    const total = Number((await page.locator(".listing-count").textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(24);
    const apiTotal = (await (await page.request.get(`${server!.origin}/api/v1/products?topProfit=1`)).json())
      .total;
    expect(total).toBe(apiTotal);
    await expectAccessible(page);

    // Every product of the page is one of the promotion's, page 2 included.
    const firstPage = await cards.getByRole("heading").allTextContents();
    await page
      .getByRole("navigation", { name: "Страницы" })
      .getByRole("link", { name: "Страница 2" })
      .click();
    await expect(page).toHaveURL(/\?page=2$/);
    // The URL changes before the second page's products replace the first's: count once they have.
    await expect
      .poll(async () => (await cards.getByRole("heading").allTextContents())[0])
      .not.toBe(firstPage[0]);
    await expect(badges(cards)).toHaveCount(await cards.count());
    const secondPage = await cards.getByRole("heading").allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    // Sorting starts again from the first page, cheapest first.
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price_asc");
    await expect(page).toHaveURL(/\?sort=price_asc$/);
    const prices = async () =>
      (await cards.locator(".product-card__price").allTextContents()).map((t) =>
        Number(t.replace(/\D/g, "")),
      );
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length === 24 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
      })
      .toBe(true);
    await expect(badges(cards)).toHaveCount(24);
  });

  test("a promotion product shows the mark on its page, and the catalogue filters by it", async ({
    page,
  }, info) => {
    const { items } = await (
      await page.request.get(`${server!.origin}/api/v1/products?topProfit=1&limit=1`)
    ).json();
    await page.goto(`${server!.origin}/product/${items[0].id}`);
    await waitForHydration(page);
    const buyBox = page.locator(".buy-box");
    await expect(buyBox.locator(".badge--top-profit")).toHaveText("Топ-выгода");
    await buyBox.getByRole("link", { name: "Повышенный кешбэк по акции" }).click();
    await expect(page).toHaveURL(`${server!.origin}${INFO}`);

    await openSection(page, server!.origin);
    const mobile = isPhone(info);
    if (mobile) await page.getByRole("button", { name: /^Фильтры/ }).click();
    const scope = mobile
      ? page.getByRole("dialog", { name: "Фильтры" })
      : page.getByRole("complementary", { name: "Фильтры" });
    const box = scope.getByRole("checkbox", { name: /^Топ-выгода/ });
    const expected = Number(
      (await scope
        .locator(".facet-option", { hasText: "Топ-выгода" })
        .locator(".facet-option__count")
        .textContent())!,
    );
    expect(expected).toBeGreaterThan(0);
    await box.click();
    await expect(page).toHaveURL(/topProfit=1/);
    await expect(box).toBeChecked();
    if (mobile) await page.getByRole("button", { name: /^Показать \d+/ }).click();
    const cards = page.getByRole("list", { name: "Товары категории" }).getByRole("article");
    await expect(page.locator(".listing__toolbar .listing-count")).toHaveText(new RegExp(`^${expected} `));
    await expect(badges(cards)).toHaveCount(Math.min(expected, 24));
    await expect(cards).toHaveCount(Math.min(expected, 24));
  });
});

test.describe("while the promotion is off (the main test server)", () => {
  test("the promotion's page still explains it and says it is not running now; nothing is marked", async ({
    page,
  }) => {
    const response = await page.goto(INFO);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Акция «Топ-выгода»" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Сейчас акция не проводится" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Как это работает" })).toBeVisible();
    await expect(page.locator(".product-card")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Перейти в каталог" }).click();
    await expect(page).toHaveURL(/\/catalog$/);

    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Популярные товары" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Топ-выгода" })).toHaveCount(0);
    await expect(page.locator(".badge--top-profit")).toHaveCount(0);

    const { items } = await (await page.request.get("/api/v1/products?topProfit=1&limit=1")).json();
    await page.goto(`/product/${items[0].id}`);
    await waitForHydration(page);
    await expect(page.locator(".badge--top-profit")).toHaveCount(0);
  });

  test("the catalogue offers no top-profit filter", async ({ page, baseURL }, info) => {
    await openSection(page, baseURL!);
    if (isPhone(info)) await page.getByRole("button", { name: /^Фильтры/ }).click();
    await expect(page.getByRole("checkbox", { name: "В наличии" }).first()).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Топ-выгода/ })).toHaveCount(0);
  });
});
