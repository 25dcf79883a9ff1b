import { expect, test, waitForHydration } from "./fixtures.ts";

test("the home page server-renders seeded products with pictures and rouble prices, then hydrates", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  // Server-rendered: the products are in the HTML itself, not fetched after load.
  expect(html).toMatch(/<html lang="ru" class="theme-alfa"/);
  expect(html).toContain("product-card");

  await expect(page.getByRole("heading", { level: 2, name: "Популярные товары" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Популярные товары" }).getByRole("article");
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText("₽");
  await waitForHydration(page);

  const firstImage = cards.first().getByRole("img");
  await expect(firstImage).toHaveAttribute("src", /^\/media\/products\/\d+\/0\.svg$/);
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test("the home page offers the catalogue's sections and collections of discounts and new arrivals", async ({
  page,
}) => {
  await page.goto("/");
  const sections = page.getByRole("navigation", { name: "Разделы каталога" });
  await expect(sections.getByRole("link")).toHaveCount(8);
  await expect(page.getByRole("heading", { level: 2, name: "Скидки дня" })).toBeVisible();
  const discounts = page.getByRole("list", { name: "Скидки дня" }).getByRole("article");
  await expect(discounts.first()).toContainText("%");
  await expect(page.getByRole("heading", { level: 2, name: "Новинки" })).toBeVisible();
  await sections.getByRole("link", { name: "Электроника" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Электроника" })).toBeVisible();
});

test("products the shopper opened come back on the home page as 'recently viewed'", async ({ page }) => {
  for (const id of [2, 5]) {
    await page.goto(`/product/${id}`);
    await waitForHydration(page);
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === "vid" && c.httpOnly))
      .toBe(true);
  }
  const names: string[] = [];
  for (const id of [5, 2]) {
    const res = await page.request.get(`/api/v1/products/${id}`);
    names.push((await res.json()).name);
  }
  await expect
    .poll(async () => {
      await page.goto("/");
      return page.getByRole("list", { name: "Вы недавно смотрели" }).getByRole("heading").allTextContents();
    })
    .toEqual(names);
});
