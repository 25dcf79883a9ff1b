import type { Page } from "@playwright/test";
import type { ProductDetail } from "#contract/catalog.ts";
import { deliveryDate, deliveryPromise, localDateTime } from "#contract/delivery-dates.ts";
import type { City, CityList } from "#contract/geo.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";

/** The promise the shop window must show for this product in this city now (contract/delivery-dates.ts). */
function expected(product: ProductDetail, city: City, now = new Date()): string {
  const dispatch = product.dispatch!;
  const date = deliveryDate({ warehouse: dispatch, cutoffHour: dispatch.cutoffHour }, city, now);
  return deliveryPromise(date, localDateTime(now, city.timezone).date);
}

async function chooseCity(page: Page, city: City) {
  const url = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: "city_id", value: String(city.id), domain: url.hostname, path: "/" }]);
}

test("product cards and the product page promise a delivery date for the shopper's city, and it follows the city", async ({
  page,
}, info) => {
  const cities = ((await (await page.request.get("/api/v1/address")).json()) as CityList).items;
  const moscow = cities.find((c) => c.name === "Москва")!;
  const far = cities.find((c) => c.name === "Владивосток")!;

  await page.goto("/catalog");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Смартфоны", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  // The first card that promises a date (a product that can be bought now).
  const card = page
    .getByRole("list", { name: "Товары категории" })
    .getByRole("article")
    .filter({
      has: page.locator(".product-card__delivery"),
    });
  await expect(card.first()).toBeVisible();
  const href = (await card.first().getByRole("link").first().getAttribute("href"))!;
  const id = Number(href.match(/\/product\/(\d+)/)![1]);
  const product = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as ProductDetail;
  expect(product.dispatch).not.toBeNull();
  const inMoscow = expected(product, moscow);
  const inFarCity = expected(product, far);
  expect(inFarCity).not.toBe(inMoscow);

  const thisCard = page.getByRole("article", { name: product.name });
  await expect(thisCard.locator(".product-card__delivery")).toHaveText(inMoscow);
  await thisCard.screenshot({
    path: `test-results/screenshots/delivery-promise-card-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`,
  });

  // Another city: the same kept listing address, another page (the page cache keys by the city cookie).
  await chooseCity(page, far);
  await page.reload();
  await waitForHydration(page);
  await expect(thisCard.locator(".product-card__delivery")).toHaveText(inFarCity);

  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await expect(page.locator(".product-page__delivery")).toHaveText(inFarCity);
  await chooseCity(page, moscow);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".product-page__delivery")).toHaveText(inMoscow);
  await page.screenshot({
    path: `test-results/screenshots/delivery-promise-product-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`,
  });
});

test("a page rendered before a cut-off or a midnight is put right by the browser's clock after hydration", async ({
  page,
}) => {
  const cities = ((await (await page.request.get("/api/v1/address")).json()) as CityList).items;
  const moscow = cities.find((c) => c.name === "Москва")!;
  const listing = (await (await page.request.get("/api/v1/products?limit=24&sort=popular")).json()) as {
    items: { id: number; state: string }[];
  };
  const id = listing.items.find((p) => p.state === "in_stock")!.id;
  const product = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as ProductDetail;
  // The server renders with its clock; the browser's is set to the first whole hour ahead at which the
  // promise reads otherwise (past the seller's cut-off, or a midnight), as if the page had been kept.
  const server = expected(product, moscow);
  const hour = 3_600_000;
  let later = Math.ceil(Date.now() / hour) * hour + 60_000;
  while (expected(product, moscow, new Date(later)) === server) later += hour;
  const browser = expected(product, moscow, new Date(later));

  const response = await page.request.get(`/product/${id}`);
  expect(await response.text()).toContain(server);
  await page.clock.setFixedTime(later);
  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await expect(page.locator(".product-page__delivery")).toHaveText(browser);
});
