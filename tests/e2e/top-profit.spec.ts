import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import { type ShopServer, startShopServer } from "./support/shop-server.ts";

const INFO = "/promotion/top-profit/info";

/** The promotion's mark («Топ-выгода» badge) within the given cards or page. */
const badges = (scope: Locator | Page) => scope.getByText("Топ-выгода", { exact: true });

/** A listing's count line, «34 товара». */
const listingCount = (page: Page) => page.getByText(/^\d+ товар(а|ов)?$/);

/** Opens the listing of the catalogue's first section (the first of the home page's section tiles). */
async function openSection(page: Page, origin: string) {
  const { items } = await (await page.request.get(`${origin}/api/v1/categories?depth=1`)).json();
  await page.goto(`${origin}/catalog/${items[0].id}/${items[0].slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: items[0].name })).toBeVisible();
}

/** The «Топ-выгода» facet of the filters in `scope`: its checkbox and the count it states. */
async function topProfitFacet(scope: Locator) {
  const label = scope.getByText(/^Топ-выгода\s*\d+$/);
  const count = Number((await label.textContent())!.match(/\d+$/)![0]);
  return { box: scope.getByRole("checkbox", { name: /^Топ-выгода/ }), count };
}

/** The first section's listing filtered by the facet: as many cards as it said, every one marked. */
async function expectFilteredListing(page: Page, count: number) {
  const cards = page.getByRole("list", { name: "Товары категории" }).getByRole("article");
  await expect(listingCount(page)).toHaveText(new RegExp(`^${count} `));
  await expect(badges(cards)).toHaveCount(Math.min(count, 24));
  await expect(cards).toHaveCount(Math.min(count, 24));
}

// The worker's server runs without the promotion; this one (a copy of the same catalogue: 34 of its 400
// products are in the promotion, more than one page of them) runs it.
test.describe("while the promotion runs", () => {
  let promo: ShopServer | undefined;

  test.beforeAll(async () => {
    promo = await startShopServer({ env: { FEATURE_TOP_PROFIT: "1" } });
  });

  test.afterAll(async () => {
    await promo?.stop();
  });

  // The home page's collection is drawn per width (its section head, the cards' grid): its axe check runs at
  // both, as before. The promotion's own page is the shared listing: checked once, below.
  test("the home page shows the promotion's collection, every product marked, with a link to the promotion", {
    tag: "@widths",
  }, async ({ page }) => {
    const origin = promo!.origin;
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    const heading = page.getByRole("heading", { level: 2, name: "Топ-выгода" });
    await expect(heading).toBeVisible();
    const cards = page.getByRole("list", { name: "Топ-выгода" }).getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(badges(cards)).toHaveCount(6);
    // Products outside the promotion carry no mark.
    const popular = page.getByRole("list", { name: "Популярные товары" }).getByRole("article");
    const marked = await badges(popular).count();
    expect(marked).toBeLessThan(await popular.count());
    await expectAccessible(page, "the promotion");

    // Where it leads (following a link to the promotion's page is walked from the product page below).
    // Every shelf of the home page ends in «Смотреть все» (issue 22): here, the promotion's page.
    await expect(page.getByRole("link", { name: "Смотреть все: Топ-выгода" })).toHaveAttribute("href", INFO);
  });

  test("the promotion's page explains it and server-renders its products with a crawlable next page", async ({
    page,
  }) => {
    const origin = promo!.origin;
    const response = await page.goto(`${origin}${INFO}`);
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
    const total = Number((await listingCount(page).textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(24);
    const apiTotal = (await (await page.request.get(`${origin}/api/v1/products?topProfit=1`)).json()).total;
    expect(total).toBe(apiTotal);
    await expectAccessible(page, "the promotion");
  });

  test("the promotion's products go on to page 2 and sort cheapest first", async ({ page }) => {
    const origin = promo!.origin;
    await page.goto(`${origin}${INFO}`);
    await waitForHydration(page);
    const cards = page.getByRole("list", { name: "Товары акции «Топ-выгода»" }).getByRole("article");
    await expect(cards).toHaveCount(24);

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
    // A card's price is its one text that is only a sum («43 699 ₽»; the old price and the cashback say more).
    const prices = async () =>
      (await cards.getByText(/^[\d\s]+₽$/).allTextContents()).map((t) => Number(t.replace(/\D/g, "")));
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length === 24 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
      })
      .toBe(true);
    await expect(badges(cards)).toHaveCount(24);
  });

  test("a promotion product shows the mark on its page, and the catalogue's filters sidebar filters by it", async ({
    page,
  }) => {
    const origin = promo!.origin;
    const { items } = await (await page.request.get(`${origin}/api/v1/products?topProfit=1&limit=1`)).json();
    await page.goto(`${origin}/product/${items[0].id}`);
    await waitForHydration(page);
    const promotionLink = page.getByRole("link", { name: "Повышенный кешбэк по акции" });
    // In the buy box: the mark, and beside it the link to the promotion.
    await expect(badges(page.getByRole("paragraph").filter({ has: promotionLink }))).toBeVisible();
    await promotionLink.click();
    await expect(page).toHaveURL(`${origin}${INFO}`);

    await openSection(page, origin);
    const { box, count } = await topProfitFacet(page.getByRole("complementary", { name: "Фильтры" }));
    expect(count).toBeGreaterThan(0);
    await box.click();
    await expect(page).toHaveURL(/topProfit=1/);
    await expect(box).toBeChecked();
    await expectFilteredListing(page, count);
  });

  test("on a phone the filters dialog offers the promotion and shows its products", {
    tag: "@phone",
  }, async ({ page }) => {
    await openSection(page, promo!.origin);
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const { box, count } = await topProfitFacet(page.getByRole("dialog", { name: "Фильтры" }));
    expect(count).toBeGreaterThan(0);
    await box.click();
    await expect(page).toHaveURL(/topProfit=1/);
    await expect(box).toBeChecked();
    await page.getByRole("button", { name: /^Показать \d+/ }).click();
    await expectFilteredListing(page, count);
  });
});

test.describe("while the promotion is off (the worker's server)", () => {
  test("the promotion's page still explains it and says it is not running now", async ({ page }) => {
    const response = await page.goto(INFO);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Акция «Топ-выгода»" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Сейчас акция не проводится" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Как это работает" })).toBeVisible();
    // No product card (an article named by its product; the page's own article has no name).
    await expect(page.getByRole("article", { name: /\S/ })).toHaveCount(0);
    await expectAccessible(page, "the promotion");
    await page.getByRole("link", { name: "Перейти в каталог" }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test("nothing is marked: no collection on the home page, no mark on a promotion product's page", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Популярные товары" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Топ-выгода" })).toHaveCount(0);
    await expect(badges(page)).toHaveCount(0);

    const { items } = await (await page.request.get("/api/v1/products?topProfit=1&limit=1")).json();
    await page.goto(`/product/${items[0].id}`);
    await waitForHydration(page);
    await expect(badges(page)).toHaveCount(0);
  });

  test("the catalogue's filters sidebar offers no top-profit filter", async ({ page, baseURL }) => {
    await openSection(page, baseURL!);
    const filters = page.getByRole("complementary", { name: "Фильтры" });
    await expect(filters.getByRole("checkbox", { name: "В наличии" })).toBeVisible();
    await expect(filters.getByRole("checkbox", { name: /Топ-выгода/ })).toHaveCount(0);
  });

  test("the phone's filters dialog offers no top-profit filter", { tag: "@phone" }, async ({
    page,
    baseURL,
  }) => {
    await openSection(page, baseURL!);
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const filters = page.getByRole("dialog", { name: "Фильтры" });
    await expect(filters.getByRole("checkbox", { name: "В наличии" })).toBeVisible();
    await expect(filters.getByRole("checkbox", { name: /Топ-выгода/ })).toHaveCount(0);
  });
});
