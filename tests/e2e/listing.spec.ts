import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";

const shot = (info: import("@playwright/test").TestInfo, name: string) =>
  `test-results/screenshots/journey-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

const count = async (page: import("@playwright/test").Page) =>
  Number((await page.locator(".listing__toolbar .listing-count").textContent())!.match(/\d+/)![0]);

test("browse → filter → sort → product → photos, with the filters in the URL", async ({ page }, info) => {
  const mobile = isPhone(info);
  await page.goto("/catalog");
  await waitForHydration(page);
  await expectTheme(page, info);
  await page.getByRole("link", { name: "Смартфоны", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  const all = await count(page);

  // Filter by the first brand (on a phone the filters live in a bottom sheet).
  if (mobile) await page.getByRole("button", { name: /^Фильтры/ }).click();
  const scope = mobile
    ? page.getByRole("dialog", { name: "Фильтры" })
    : page.getByRole("complementary", { name: "Фильтры" });
  const brands = scope.getByRole("group", { name: "Бренд" });
  const firstBrand = brands.getByRole("checkbox").first();
  const brandName = (await brands.locator(".facet-option__label").first().textContent())!;
  // The box reflects the URL, so it turns checked once the filtered page is there.
  await firstBrand.click();
  await expect(page).toHaveURL(/brand=/);
  await expect(firstBrand).toBeChecked();
  if (mobile) await page.getByRole("button", { name: /^Показать \d+/ }).click();
  await expect.poll(() => count(page)).toBeLessThan(all);
  const cards = page.getByRole("list", { name: "Товары категории" }).getByRole("article");
  await expect(cards.first()).toContainText(brandName);
  await page.screenshot({ path: shot(info, "filtered-listing") });

  // Sort by price, cheapest first.
  await page.getByRole("combobox", { name: "Сортировка" }).selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);
  const prices = async () =>
    (await cards.locator(".product-card__price").allTextContents()).map((t) => Number(t.replace(/\D/g, "")));
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

  await cards.first().getByRole("link").click();
  await expect(page.getByText("Характеристики")).toBeVisible();
  await expectTheme(page, info);
  await page.screenshot({ path: shot(info, "product") });
  await page.getByRole("link", { name: "Открыть фото на весь экран" }).click();
  await expect(page.getByText(/^Фото \d+ из \d+$/)).toBeVisible();
  await page.screenshot({ path: shot(info, "photos") });
});

test("a filter combination with nothing in it explains itself and offers a reset", async ({ page }) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Смартфоны", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  const url = new URL(page.url());
  await page.goto(`${url.pathname}?priceMin=9999999`);
  await expect(page.locator(".empty-state__title")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Сбросить фильтры" }).last().click();
  await expect(page).toHaveURL(new RegExp(`${url.pathname}$`));
  await expect(page.getByRole("list", { name: "Товары категории" })).toBeVisible();
});

test("page links are crawlable and 'show more' appends the next page", async ({ page }) => {
  await page.goto("/catalog/1/elektronika");
  await waitForHydration(page);
  const cards = page.getByRole("list", { name: "Товары категории" }).getByRole("article");
  const first = await cards.count();
  const pages = page.getByRole("navigation", { name: "Страницы" });
  await expect(pages.getByRole("link", { name: "Страница 2" })).toHaveAttribute("href", /\?page=2$/);
  await page.getByRole("button", { name: "Показать ещё" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(first);
});

test("brand and seller pages: who they are, and their goods with filters", async ({ page }, info) => {
  await page.goto("/product/1");
  await waitForHydration(page);
  await expectTheme(page, info);
  const brandName = (await page.locator(".product-page__brand a").textContent())!;
  await page.locator(".product-page__brand a").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(brandName);
  await expect(page.locator(".entity-header__logo")).toBeVisible();
  const goods = page.getByRole("list", { name: `Товары ${brandName}` }).getByRole("article");
  await expect(goods.first()).toBeVisible();
  // A brand page does not offer to filter by brand.
  await expect(page.getByRole("group", { name: "Бренд" })).toHaveCount(0);
  await page.screenshot({ path: shot(info, "brand") });

  await page.goto("/product/1");
  await waitForHydration(page);
  await page.locator(".product-page__seller a").click();
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
  await page.screenshot({ path: shot(info, "seller") });
});

test("a category address with a wrong or missing slug redirects permanently to the canonical one", async ({
  page,
}) => {
  for (const path of ["/catalog/1", "/catalog/1/", "/catalog/1/old-name"]) {
    const response = await page.request.get(`${path}?sort=new`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location).toBe("/catalog/1/elektronika?sort=new");
  }
  const ok = await page.request.get("/catalog/1/elektronika", { maxRedirects: 0 });
  expect(ok.status()).toBe(200);
});
