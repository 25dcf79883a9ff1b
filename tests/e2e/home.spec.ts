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
  // A drawing of the product's kind (ADR 061), at a card's width, the browser choosing from srcset.
  await expect(firstImage).toHaveAttribute("src", /^\/img\/g[\w-]{21}\/320$/);
  await expect(firstImage).toHaveAttribute("srcset", /\/img\/g[\w-]{21}\/640 640w/);
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

test("products the shopper opened come back on the home page as 'recently viewed'", async ({
  page,
  browser,
}) => {
  for (const id of [2, 5]) {
    // The page records the view from the browser once hydrated; leaving before the server answered
    // would cancel the request and lose the view.
    const recorded = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/viewed/${id}`) && r.request().method() === "POST",
    );
    await page.goto(`/product/${id}`);
    await waitForHydration(page);
    expect((await recorded).status()).toBe(204);
    expect((await page.context().cookies()).some((c) => c.name === "vid" && c.httpOnly)).toBe(true);
  }
  const names: string[] = [];
  for (const id of [5, 2]) {
    const res = await page.request.get(`/api/v1/products/${id}`);
    names.push((await res.json()).name);
  }
  // The list is personal, so it loads in the browser after hydration, not with the page.
  await page.goto("/");
  await waitForHydration(page);
  // It sits at the bottom and loads when the shopper scrolls near it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole("list", { name: "Вы недавно смотрели" }).getByRole("heading")).toHaveText(
    names,
  );

  // Another visitor gets the same cached home page, which must not carry the first one's history.
  const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
  const html = await (await stranger.request.get("/")).text();
  expect(html).not.toContain("Вы недавно смотрели");
  await stranger.goto("/");
  await waitForHydration(stranger);
  await expect(stranger.getByRole("heading", { name: "Популярные товары" })).toBeVisible();
  const strangersList = stranger.waitForResponse((r) => r.url().includes("/api/v1/viewed"));
  await stranger.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await (await strangersList).json()).toEqual({ items: [] });
  await expect(stranger.getByRole("heading", { name: "Вы недавно смотрели" })).toHaveCount(0);
  await stranger.close();
});
