import type { Page, TestInfo } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { ProductDetail } from "#contract/catalog.ts";
import { deliveryDate, deliveryPromise, localDateTime } from "#contract/delivery-dates.ts";
import type { City, CityList } from "#contract/geo.ts";
import { categoryUrl } from "#contract/urls.ts";
import type { Database } from "#server/db/client.ts";
import { categories } from "#server/db/schema/index.ts";
import { createProduct } from "#tests/factories/products.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";

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

/** «Доставим завтра»: the promise line (DeliveryPromise), on a card or the product page. */
const PROMISE = /^Доставим /;

/** The product page's own promise: the courier's day in its delivery block (ADR 065), «Завтра». */
const pagePromise = (page: Page) => page.locator(".delivery-box [data-when]");

/** The card's words as the delivery block says them: «Доставим завтра» → «Завтра». */
const onPage = (promise: string) => {
  const day = promise.replace(PROMISE, "");
  return day.charAt(0).toUpperCase() + day.slice(1);
};

/** The smartphones listing and its first card that promises a date (a product that can be bought now). */
async function smartphonesCardWithPromise(page: Page, db: Database) {
  const [phones] = await db.select().from(categories).where(eq(categories.name, "Смартфоны")).limit(1);
  await page.goto(categoryUrl(phones!));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  const card = page
    .getByRole("list", { name: "Товары категории" })
    .getByRole("article")
    .filter({ has: page.getByText(PROMISE) })
    .first();
  await expect(card).toBeVisible();
  const href = (await card.getByRole("link").first().getAttribute("href"))!;
  return { card, id: Number(href.match(/\/product\/(\d+)/)![1]) };
}

test("product cards and the product page promise a delivery date for the shopper's city, and it follows the city", async ({
  page,
  shop,
}) => {
  const cities = ((await (await page.request.get("/api/v1/address")).json()) as CityList).items;
  const moscow = cities.find((c) => c.name === "Москва")!;
  const far = cities.find((c) => c.name === "Владивосток")!;

  const { id } = await smartphonesCardWithPromise(page, shop.db);
  const product = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as ProductDetail;
  expect(product.dispatch).not.toBeNull();
  const inMoscow = expected(product, moscow);
  const inFarCity = expected(product, far);
  expect(inFarCity).not.toBe(inMoscow);

  const thisCard = page.getByRole("article", { name: product.name });
  await expect(thisCard.getByText(PROMISE)).toHaveText(inMoscow);

  // Another city: the same kept listing address, another page (the page cache keys by the city cookie).
  await chooseCity(page, far);
  await page.reload();
  await waitForHydration(page);
  await expect(thisCard.getByText(PROMISE)).toHaveText(inFarCity);

  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await expect(pagePromise(page)).toHaveText(onPage(inFarCity));
  await chooseCity(page, moscow);
  await page.reload();
  await waitForHydration(page);
  await expect(pagePromise(page)).toHaveText(onPage(inMoscow));
});

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/delivery-promise-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

test(
  "the promise on a card and on the product page, in each theme and width",
  { tag: "@matrix" },
  async ({ page, shop }, info) => {
    const { card, id } = await smartphonesCardWithPromise(page, shop.db);
    await expectTheme(page, info);
    await expect(card.getByText(PROMISE)).toBeVisible();
    await card.screenshot({ path: shot(info, "card") });

    await page.goto(`/product/${id}`);
    await waitForHydration(page);
    await expect(pagePromise(page)).toBeVisible();
    await page.screenshot({ path: shot(info, "product") });
  },
);

test("a page rendered before a cut-off or a midnight is put right by the browser's clock after hydration", async ({
  page,
  shop,
}) => {
  const cities = ((await (await page.request.get("/api/v1/address")).json()) as CityList).items;
  const moscow = cities.find((c) => c.name === "Москва")!;
  // A product of this test's own: no kept copy of its page from an earlier hour.
  const { id } = await createProduct(shop.db);
  const product = (await (await page.request.get(`/api/v1/products/${id}`)).json()) as ProductDetail;
  // The server renders with its clock; the browser's is set to the first whole hour ahead at which the
  // promise reads otherwise (past the seller's cut-off, or a midnight), as if the page had been kept.
  const server = expected(product, moscow);
  const hour = 3_600_000;
  let later = Math.ceil(Date.now() / hour) * hour + 60_000;
  while (expected(product, moscow, new Date(later)) === server) later += hour;
  const browser = expected(product, moscow, new Date(later));

  const response = await page.request.get(`/product/${id}`);
  expect(await response.text()).toContain(onPage(server));
  await page.clock.setFixedTime(later);
  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await expect(pagePromise(page)).toHaveText(onPage(browser));
});
