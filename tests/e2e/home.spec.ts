import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

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

  // Below the banners and the sections: the cards' pictures load lazily, as the shopper scrolls to them.
  await cards.first().scrollIntoViewIfNeeded();
  const firstImage = cards.first().getByRole("img");
  // A drawing of the product's kind (ADR 061), at a card's width, the browser choosing from srcset.
  await expect(firstImage).toHaveAttribute("src", /^\/img\/g[\w-]{21}\/320$/);
  await expect(firstImage).toHaveAttribute("srcset", /\/img\/g[\w-]{21}\/640 640w/);
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test("the home page leads with banners, offers the sections with pictures and «Смотреть все» on every block", async ({
  page,
}) => {
  const response = await page.goto("/");
  const html = await response!.text();
  // The first banner's picture is the page's largest: preloaded, at the width this screen uses.
  const preloads = [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map((m) => m[0]);
  expect(
    preloads.some(
      (l) => /fetchpriority="high"/i.test(l) && /imagesrcset="\/img\/g[\w-]{21}\/320 320w/i.test(l),
    ),
    preloads.join("\n"),
  ).toBe(true);
  const banners = page.getByRole("region", { name: "Акции и подборки" }).getByRole("link");
  await expect(banners).toHaveCount(4);
  await expect(banners.first()).toContainText("Смартфоны и ноутбуки");
  // Its picture is decorative (the link's name is the title): fetched first, the others lazily but the next.
  const eager = [...html.matchAll(/<img [^>]*>/g)]
    .map((m) => m[0])
    .filter((i) => /fetchpriority="high"/i.test(i));
  expect(eager).toHaveLength(1);
  expect(eager[0]).toMatch(/src="\/img\/g[\w-]{21}\/640"/);
  await expect(page.getByText("Гаджеты частями с Халвой")).toHaveCount(0);

  const sections = page.getByRole("navigation", { name: "Разделы каталога" });
  const tiles = sections.getByRole("list").getByRole("link");
  await expect(tiles).toHaveCount(8);
  // Each tile's picture is decorative: the link is named by the section.
  await expect(tiles.first().locator("img")).toHaveAttribute("src", /^\/img\/g[\w-]{21}\/160$/);
  await expect(page.getByRole("heading", { level: 2, name: "Скидки дня" })).toBeVisible();
  const discounts = page.getByRole("list", { name: "Скидки дня" }).getByRole("article");
  await expect(discounts.first()).toContainText("%");
  await expect(page.getByRole("heading", { level: 2, name: "Новинки" })).toBeVisible();
  // The top blocks sell: nothing sold out in them.
  for (const block of ["Популярные товары", "Скидки дня", "Новинки"])
    await expect(page.getByRole("list", { name: block }).getByText("Нет в наличии")).toHaveCount(0);

  await expect(sections.getByRole("link", { name: "Электроника" })).toHaveAttribute(
    "href",
    /^\/catalog\/\d+\/elektronika$/,
  );
  await page.getByRole("link", { name: "Смотреть все: Скидки дня" }).click();
  await expect(page).toHaveURL(/\/collection\/discounts\?sort=discount$/);
  await expect(page.getByRole("heading", { level: 1, name: "Скидки дня" })).toBeVisible();
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
  await expect(page.getByRole("list", { name: "Вы смотрели" }).getByRole("heading")).toHaveText(names);

  // Another visitor gets the same cached home page, which must not carry the first one's history.
  const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
  const html = await (await stranger.request.get("/")).text();
  expect(html).not.toContain("Вы смотрели");
  await stranger.goto("/");
  await waitForHydration(stranger);
  await expect(stranger.getByRole("heading", { name: "Популярные товары" })).toBeVisible();
  const strangersList = stranger.waitForResponse((r) => r.url().includes("/api/v1/viewed"));
  await stranger.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await (await strangersList).json()).toEqual({ items: [] });
  await expect(stranger.getByRole("heading", { name: "Вы смотрели" })).toHaveCount(0);
  await stranger.close();
});

test("the home page's banners and sections read well in each theme and width @matrix", async ({
  page,
}, info) => {
  await page.goto("/");
  await waitForHydration(page);
  const banners = page.getByRole("region", { name: "Акции и подборки" }).getByRole("link");
  // Each theme its own four banners, the first with its title over the picture.
  await expect(banners).toHaveCount(4);
  await expect(banners.first()).toContainText(
    themeOf(info) === "halva" ? "Гаджеты частями с Халвой" : "Смартфоны и ноутбуки",
  );
  // Every banner and tile is a tap target of at least 44 px.
  for (const target of [
    banners.first(),
    page.getByRole("navigation", { name: "Разделы каталога" }).getByRole("list").getByRole("link").first(),
  ]) {
    const box = await target.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(page, "the home page's banners and sections", {
    include: ".home-banners, .section-tiles",
  });
  await page.screenshot({
    path: `test-results/screenshots/home-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`,
    fullPage: true,
  });
});
