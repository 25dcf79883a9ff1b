import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { openLeafFromCatalog } from "./support/catalog.ts";

const PAGES = ["/", "/catalog", "/basket", "/product/1", "/select-city", "/auth"];

/** Every main screen fits the width (no sideways scroll) under the header; the footer carries the offer. */
async function expectShellFits(page: Page) {
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: "Витрина — на главную" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Публичная оферта" })).toHaveAttribute(
    "href",
    "/page/offer",
  );
}

test("header, footer and navigation fit a wide screen: categories in the header, no bottom bar", async ({
  page,
}) => {
  await expectShellFits(page);
  await expect(page.getByRole("navigation", { name: "Категории" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Основная навигация" })).toBeHidden();
});

test("header, footer and navigation fit a phone: the bottom bar instead of the header's categories", {
  tag: "@phone",
}, async ({ page }) => {
  await expectShellFits(page);
  await expect(page.getByRole("navigation", { name: "Основная навигация" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Категории" })).toBeHidden();
});

test("the full-screen photo viewer hides the header and pages through photos with the keyboard", async ({
  page,
}) => {
  await page.goto("/product/1");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Открыть фото на весь экран" }).click();
  await expect(page).toHaveURL(/\/product\/1\/photos/);
  await expect(page.getByRole("banner")).toHaveCount(0);
  const caption = page.getByText(/^Фото \d+ из \d+$/);
  const total = Number((await caption.textContent())!.match(/из (\d+)/)![1]);
  if (total > 1) {
    await page.keyboard.press("ArrowRight");
    await expect(caption).toHaveText(`Фото 2 из ${total}`);
  }
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/product\/1$/);
});

test("browsing: catalogue → category → product", async ({ page }) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Каталог товаров" })).toBeVisible();
  await openLeafFromCatalog(page, "Смартфоны и гаджеты", "Смартфоны");
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  await expect(page.getByText(/^\d+ товар/)).toBeVisible();
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Смартфон");
  await expect(page.getByText("Характеристики")).toBeVisible();
});

test("every page has its SEO record: title, description, canonical and Open Graph", async ({ page }) => {
  await page.goto("/catalog");
  await expect(page).toHaveTitle("Каталог товаров — Витрина");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/catalog$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Каталог товаров — Витрина",
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /разделы/);
  const robots = await page.request.get("/robots.txt");
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const sitemap = await page.request.get("/sitemap.xml");
  expect(await sitemap.text()).toContain("<sitemapindex");
});

test("inside the mobile app's webview the web header and footer are hidden", async ({ page }) => {
  await page.goto("/?webview=1");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  // Remembered for the session: the next page is a webview page too.
  await page.goto("/catalog");
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("footer links open the shop's content pages", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Возврат товара" }).click();
  await expect(page).toHaveURL(/\/page\/returns$/);
  await expect(page.getByRole("heading", { level: 1, name: "Возврат товара" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Как оформить возврат" })).toBeVisible();
  await expect(page).toHaveTitle("Возврат товара — Витрина");
});

test("the product page describes itself to search engines as a Product with an offer in roubles", async ({
  page,
}) => {
  await page.goto("/product/1");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((b) => JSON.parse(b)).find((b) => b["@type"] === "Product");
  expect(product.offers.priceCurrency).toBe("RUB");
  expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\//);
  expect(Number(product.offers.price)).toBeGreaterThan(0);
  await page.goto("/");
  const home = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) =>
    JSON.parse(b),
  );
  expect(home.map((b) => b["@type"]).sort()).toEqual(["Organization", "WebSite"]);
});

test("product and category pages give search engines their breadcrumb trail", async ({ page }) => {
  type Crumb = { position: number; name: string; item: string };
  const trailOf = async () => {
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) =>
      JSON.parse(b),
    );
    const list = blocks.find((b) => b["@type"] === "BreadcrumbList");
    return (list?.itemListElement ?? []) as Crumb[];
  };
  await page.goto("/product/1");
  const productTrail = await trailOf();
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  expect(productTrail.map((c) => c.position)).toEqual([1, 2, 3, 4]);
  expect(productTrail.slice(0, 2).map((c) => c.name)).toEqual(["Главная", "Каталог"]);
  expect(productTrail.at(-1)).toMatchObject({ name: title, item: expect.stringMatching(/\/product\/1$/) });
  // The category crumb is the page the product's own breadcrumb links to.
  const categoryLink = page
    .getByRole("navigation", { name: "Навигационная цепочка" })
    .getByRole("link")
    .last();
  expect(productTrail[2]!.item).toMatch(new RegExp(`${await categoryLink.getAttribute("href")}$`));

  await page.goto(productTrail[2]!.item);
  const categoryTrail = await trailOf();
  expect(categoryTrail.at(-1)?.name).toBe(productTrail[2]!.name);
  expect(categoryTrail.at(-1)?.item).toBe(productTrail[2]!.item);
  expect(categoryTrail.length).toBeGreaterThanOrEqual(3);
});

test("the product page shows reviews with the rating distribution, sorting and more, and related products", async ({
  page,
}) => {
  // A product with a few reviews: the most reviewed one of the first page by rating.
  const { items } = await (await page.request.get("/api/v1/products?sort=rating&limit=50")).json();
  const product = items.find((p: { reviewsCount: number }) => p.reviewsCount > 10) ?? items[0];
  const listingCalls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/v1/products") listingCalls.push(r.url());
  });
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  // Related products sit below the fold and are fetched only when the shopper scrolls near them. Two frames
  // let every IntersectionObserver report, and the idle callback lets any fetch they would start begin.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
      ),
  );
  expect(listingCalls, "related products fetched before the shopper scrolled").toEqual([]);
  const reviews = page.getByRole("region", { name: /^Отзывы/ });
  await expect(reviews.getByRole("list", { name: "Распределение оценок" }).getByRole("listitem")).toHaveCount(
    5,
  );
  await expect(reviews.getByRole("article")).toHaveCount(Math.min(10, product.reviewsCount));
  await reviews.getByRole("combobox", { name: "Порядок отзывов" }).selectOption("rating_asc");
  await expect(
    reviews
      .getByRole("article")
      .first()
      .getByRole("img", { name: /^Оценка/ }),
  ).toHaveAttribute("aria-label", /Оценка [1-5] из 5/);
  if (product.reviewsCount > 10) {
    await reviews.getByRole("button", { name: "Показать ещё отзывы" }).click();
    await expect(reviews.getByRole("article")).toHaveCount(Math.min(20, product.reviewsCount));
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(
    page.getByRole("region", { name: "Похожие товары" }).getByRole("article").first(),
  ).toBeVisible();
});
