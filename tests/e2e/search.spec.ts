import { mkdirSync } from "node:fs";
import { expect, expectTheme, test, themeOf, waitForHydration } from "./fixtures.ts";

// The look of the results in each theme × width (a screenshot per project), with what they say.
test.describe("screenshots", { tag: "@matrix" }, () => {
  test("search with a typo finds the right products and says what it searched for", async ({
    page,
  }, info) => {
    mkdirSync("test-results/screenshots", { recursive: true });
    await page.goto("/search/?q=смартфн");
    await expectTheme(page, info);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Результаты по запросу «смартфон»/);
    await expect(page.getByText("Показаны результаты по запросу «смартфон».")).toBeVisible();
    const cards = page.getByRole("list", { name: "Найденные товары" }).getByRole("article");
    await expect(cards.first()).toContainText(/Смартфон/i);
    await page.screenshot({
      path: `test-results/screenshots/journey-${themeOf(info)}-search-typo-${page.viewportSize()!.width}.png`,
    });
  });
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
