import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { brands, categories } from "#server/db/schema/index.ts";
import { createProduct } from "#tests/factories/products.ts";
import { expect, expectTheme, test, themeOf, waitForHydration } from "./fixtures.ts";

// The look of the results in each theme × width (a screenshot per project): a brand typed in Cyrillic,
// its categories and the listing's filters (on a phone in the listing's sheet).
test.describe("screenshots", { tag: "@matrix" }, () => {
  test("«айфон» finds Apple's phones with the listing's filters and order", async ({ page }, info) => {
    mkdirSync("test-results/screenshots", { recursive: true });
    const shot = (name: string) =>
      page.screenshot({
        path: `test-results/screenshots/journey-${themeOf(info)}-search-${name}-${page.viewportSize()!.width}.png`,
      });
    await page.goto("/search/?q=айфон");
    await expectTheme(page, info);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты по запросу «айфон»");
    const cards = page.getByRole("list", { name: "Найденные товары" }).getByRole("article");
    await expect(cards.first()).toContainText("iPhone");
    await expect(page.getByRole("combobox", { name: "Сортировка" })).toHaveValue("relevance");
    await waitForHydration(page);
    if (page.viewportSize()!.width > 1200) {
      const filters = page.getByRole("complementary", { name: "Фильтры" });
      await expect(filters.getByRole("group", { name: "Встроенная память" })).toBeVisible();
      await shot("filters");
    } else {
      await shot("results");
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      const sheet = page.getByRole("dialog", { name: "Фильтры" });
      await expect(sheet.getByRole("group", { name: "Встроенная память" })).toBeVisible();
      await shot("filters");
    }
  });
});

test("search with a typo finds the right products and says what it searched for", async ({ page }) => {
  await page.goto("/search/?q=смартфн");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Результаты по запросу «смартфон»/);
  await expect(page.getByText("Показаны результаты по запросу «смартфон».")).toBeVisible();
  const cards = page.getByRole("list", { name: "Найденные товары" }).getByRole("article");
  await expect(cards.first()).toContainText(/Смартфон/i);
});

test("«айфон» → a filter and an order kept in the address → «Показать ещё»", async ({ page, shop }) => {
  // More iPhones than a page holds, so the results have a second page to show.
  const [apple] = await shop.db.select().from(brands).where(eq(brands.code, "apple"));
  const [phones] = await shop.db.select().from(categories).where(eq(categories.name, "Смартфоны"));
  await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      createProduct(shop.db, {
        name: `Смартфон Apple iPhone 15 ${128 * (1 + (i % 3))} ГБ, модель ${i}`,
        brandId: apple!.id,
        categoryId: phones!.id,
        price: 7_000_000 + i * 10_000,
      }),
    ),
  );
  await page.goto("/search/?q=айфон");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты по запросу «айфон»");
  await waitForHydration(page);

  const filters = page.getByRole("complementary", { name: "Фильтры" });
  const inStock = filters.getByRole("checkbox", { name: /^В наличии/ });
  // The box follows the address: it is ticked once the filtered results are on screen.
  await inStock.click();
  await expect(page).toHaveURL(/[?&]inStock=1/);
  await expect(inStock).toBeChecked();
  await page.getByRole("combobox", { name: "Сортировка" }).selectOption({ label: "Сначала дешёвые" });
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  const url = new URL(page.url());
  expect(url.searchParams.get("q")).toBe("айфон");
  expect(url.searchParams.get("inStock")).toBe("1");

  const cards = page.getByRole("list", { name: "Найденные товары" }).getByRole("article");
  await expect(cards).toHaveCount(24);
  await page.getByRole("button", { name: "Показать ещё" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  // The next page came in the same order, under the same filter.
  await expect(page.getByRole("combobox", { name: "Сортировка" })).toHaveValue("price_asc");
  await expect(inStock).toBeChecked();
});

test("a query typed in the wrong keyboard layout still finds products", async ({ page }) => {
  await page.goto("/search/?q=cvfhnajy");
  await expect(page.getByText(/другой раскладке/)).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Найденные товары" }).getByRole("article").first(),
  ).toBeVisible();
});

test("nothing found offers popular categories instead of a dead end", async ({ page }) => {
  await page.goto("/search/?q=zzzzqqqq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("По запросу «zzzzqqqq» ничего не нашлось");
  await expect(
    page.getByRole("list", { name: "Популярные категории" }).getByRole("link").first(),
  ).toBeVisible();
});

test("the header search suggests as you type and is usable from the keyboard", async ({ page }) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  const field = page.getByRole("combobox", { name: "Поиск по Витрине" });
  await field.fill("смарт");
  const listbox = page.getByRole("listbox", { name: "Подсказки" });
  await expect(listbox.getByRole("option").first()).toBeVisible();
  await expect(listbox.getByRole("option", { name: /Смартфон/ }).first()).toBeVisible();
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", /.+/);
  await field.press("Escape");
  await expect(listbox).toBeHidden();
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\/\?q=%D1%81%D0%BC%D0%B0%D1%80%D1%82$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("смарт");
});

test("a hand-edited page number never breaks the results page", async ({ page }) => {
  for (const p of ["99999", "-3", "abc"]) {
    const response = await page.goto(`/search/?q=смартфон&page=${p}`);
    expect(response?.status(), p).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("смартфон");
  }
});
