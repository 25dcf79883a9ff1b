import { mkdirSync } from "node:fs";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectTheme, test, themeOf, waitForHydration } from "./fixtures.ts";
import { openLeafFromCatalog } from "./support/catalog.ts";

const SCREENSHOTS = "test-results/screenshots";
const shot = (page: Page, info: TestInfo, name: string) =>
  `${SCREENSHOTS}/journey-${themeOf(info)}-${name}-${page.viewportSize()!.width}.png`;

/** The number of products the listing says it has («123 товара» above the cards). */
const count = async (page: Page) =>
  Number(
    (await page
      .getByRole("main")
      .getByText(/^\d+ товар(а|ов)?$/)
      .textContent())!.match(/\d+/)![0],
  );

const categoryCards = (page: Page) =>
  page.getByRole("list", { name: "Товары категории" }).getByRole("article");

/** Where the listing's filters live: a side column on wide screens, a bottom sheet on phones. */
interface FilterPanel {
  open(page: Page): Promise<Locator>;
  apply(page: Page): Promise<void>;
}

const SIDE_COLUMN: FilterPanel = {
  open: async (page) => page.getByRole("complementary", { name: "Фильтры" }),
  apply: async () => {},
};

const BOTTOM_SHEET: FilterPanel = {
  open: async (page) => {
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    return page.getByRole("dialog", { name: "Фильтры" });
  },
  apply: async (page) => {
    await page.getByRole("button", { name: /^Показать \d+/ }).click();
  },
};

/** browse → filter → sort → product → photos, with the filters in the URL. */
async function browseFilterSort(page: Page, info: TestInfo, filters: FilterPanel) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.goto("/catalog");
  await waitForHydration(page);
  await expectTheme(page, info);
  await openLeafFromCatalog(page, "Смартфоны и гаджеты", "Смартфоны");
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  const all = await count(page);

  // Filter by the first brand.
  const scope = await filters.open(page);
  const firstBrand = scope.getByRole("group", { name: "Бренд" }).getByRole("checkbox").first();
  // The option's name is the brand with its count of goods after it (`- checkbox "Apple 12"`).
  const option = /"(.+)"/.exec(await firstBrand.ariaSnapshot())![1]!;
  const brandName = option.replace(/\s*\d+$/, "");
  // The box reflects the URL, so it turns checked once the filtered page is there.
  await firstBrand.click();
  await expect(page).toHaveURL(/brand=/);
  await expect(firstBrand).toBeChecked();
  await filters.apply(page);
  await expect.poll(() => count(page)).toBeLessThan(all);
  const cards = categoryCards(page);
  await expect(cards.first()).toContainText(brandName);
  await page.screenshot({ path: shot(page, info, "filtered-listing") });

  // Sort by price, cheapest first.
  await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);
  const prices = async () =>
    (await cards.getByTestId("product-card-price").allTextContents()).map((t) =>
      Number(t.replace(/\D/g, "")),
    );
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
    })
    .toBe(true);

  // The back button undoes the sort, the filter stays.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page).toHaveURL(/brand=/);

  // The listing the back button brought is rendered again before its first card is followed.
  await expect(page.getByRole("combobox", { name: "Сортировка" })).not.toHaveValue("price_asc");
  await cards.first().getByRole("link").click();
  // A product page's first render on a phone's project, with two workers on two cores: up to 20 s in CI.
  await expect(page.getByText("Характеристики")).toBeVisible({ timeout: 20_000 });
  await expectTheme(page, info);
  await page.screenshot({ path: shot(page, info, "product") });
  await page.getByRole("link", { name: "Открыть фото на весь экран" }).click();
  await expect(page.getByText(/^Фото \d+ из \d+$/)).toBeVisible();
  await page.screenshot({ path: shot(page, info, "photos") });
}

test("browse → filter in the side column → sort → product → photos, with the filters in the URL", async ({
  page,
}, info) => {
  await browseFilterSort(page, info, SIDE_COLUMN);
});

test(
  "on a phone: browse → filter in the bottom sheet → sort → product → photos, with the filters in the URL",
  { tag: "@phone" },
  async ({ page }, info) => {
    await browseFilterSort(page, info, BOTTOM_SHEET);
  },
);

test("a filter combination with nothing in it explains itself and offers a reset", async ({ page }) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  await openLeafFromCatalog(page, "Смартфоны и гаджеты", "Смартфоны");
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  const url = new URL(page.url());
  await page.goto(`${url.pathname}?priceMin=9999999`);
  await expect(
    page.getByRole("main").getByText(/^Нет товаров, подходящих под (все )?выбранные фильтры\./),
  ).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Сбросить фильтры" }).last().click();
  await expect(page).toHaveURL(new RegExp(`${url.pathname}$`));
  await expect(page.getByRole("list", { name: "Товары категории" })).toBeVisible();
});

test("page links are crawlable and 'show more' appends the next page", async ({ page }) => {
  await page.goto("/catalog/1/elektronika");
  await waitForHydration(page);
  const cards = categoryCards(page);
  const first = await cards.count();
  const pages = page.getByRole("navigation", { name: "Страницы" });
  await expect(pages.getByRole("link", { name: "Страница 2" })).toHaveAttribute("href", /\?page=2$/);
  await page.getByRole("button", { name: "Показать ещё" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(first);
});

interface ProductMakers {
  brand: { code: string; name: string };
  seller: { code: string; name: string };
  category: { id: number; slug: string };
}

async function makersOf(request: APIRequestContext, id: number): Promise<ProductMakers> {
  const response = await request.get(`/api/v1/products/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProductMakers;
}

test("brand and seller pages: who they are, and their goods with filters", async ({
  page,
  request,
}, info) => {
  const { brand, seller } = await makersOf(request, 1);
  await page.goto("/product/1");
  await waitForHydration(page);
  await expectTheme(page, info);
  await page.getByRole("main").getByRole("link", { name: brand.name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(brand.name);
  await expect(page.getByTestId("brand-logo")).toBeVisible();
  const goods = page.getByRole("list", { name: `Товары ${brand.name}` }).getByRole("article");
  await expect(goods.first()).toBeVisible();
  // A brand page does not offer to filter by brand.
  await expect(page.getByRole("group", { name: "Бренд" })).toHaveCount(0);

  await page.goto("/product/1");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: seller.name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Продавец");
  await expect(page.getByText("Юридическое лицо")).toBeVisible();
  await expect(page.getByRole("link", { name: /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/ })).toHaveAttribute(
    "href",
    /^tel:\+7\d{10}$/,
  );
  await expect(
    page
      .getByRole("list", { name: /^Товары продавца/ })
      .getByRole("article")
      .first(),
  ).toBeVisible();
});

test.describe("screenshots", { tag: "@matrix" }, () => {
  // Each theme × width project takes its own, straight from the address: the journeys above walk there in
  // alfa; the look of each page in every theme and width is this test's.
  test("a filtered listing, a product and its photos, a brand's and a seller's page", async ({
    page,
    request,
  }, info) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { brand, seller, category } = await makersOf(request, 1);
    for (const [name, path, ready] of [
      [
        "filtered-listing",
        `/catalog/${category.id}/${category.slug}?brand=${brand.code}`,
        categoryCards(page).filter({ hasText: brand.name }),
      ],
      [
        "brand",
        `/brand/${brand.code}`,
        page.getByRole("list", { name: `Товары ${brand.name}` }).getByRole("article"),
      ],
      [
        "seller",
        `/seller/${seller.code}`,
        page.getByRole("list", { name: /^Товары продавца/ }).getByRole("article"),
      ],
      ["product", "/product/1", page.getByText("Характеристики")],
      ["photos", "/product/1/photos", page.getByText(/^Фото \d+ из \d+$/)],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      await expectTheme(page, info);
      await expect(ready.first()).toBeVisible();
      await page.screenshot({ path: shot(page, info, name) });
    }
  });
});

// The whole section: more than two pages of goods in the browser tests' catalogue of 400.
const ELECTRONICS = "/catalog/1/elektronika";

test(
  "Back from a product restores every «Показать ещё» page and the place the shopper left",
  { tag: "@matrix" },
  async ({ page }, info) => {
    // Two pages, a product and back: a journey, not one screen.
    test.slow();
    await page.goto(ELECTRONICS);
    await waitForHydration(page);
    await expectTheme(page, info);
    const cards = categoryCards(page);
    await expect(cards).toHaveCount(24);
    await page.getByRole("button", { name: "Показать ещё" }).click();
    await expect(cards).toHaveCount(48);
    const target = cards.nth(30);
    await target.scrollIntoViewIfNeeded();
    const name = (await target.getByRole("heading").textContent())!;
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    await target.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.goBack();
    // The pages come back from the query cache; on a machine at load average 20 the render takes seconds.
    await expect(cards).toHaveCount(48, { timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);
    await expect(cards.nth(30).getByRole("heading")).toHaveText(name);
    await expect(cards.nth(30)).toBeInViewport();
  },
);
