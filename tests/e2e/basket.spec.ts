import type { Page, TestInfo } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import { categoryUrl } from "#contract/urls.ts";
import type { Database } from "#server/db/client.ts";
import { categories, sellers } from "#server/db/schema/index.ts";
import { createProduct } from "#tests/factories/products.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";

// The basket (issue 12 points 1 and 2, ADR 038): «В корзину» on cards and the product page turning into
// a stepper capped with its reason, the header's and the tab bar's count, /basket grouped by seller with
// totals, selection, removal, «В избранное», «Оформить» through sign-in, and the empty state. The count
// lives in the header on a desktop and in the tab bar on a phone, and /basket keeps its total and
// «Оформить» over the tab bar on a phone: those tests run at both widths (@widths); the refused change
// once. The halva theme's basket page is drawn by the purchase journey (checkout-journey.spec.ts).
// Screenshots under test-results/screenshots/.

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/basket-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

/** The basket link the page shows at this width: the header's on desktop, the tab bar's on a phone. */
const basketLink = (page: Page, info: TestInfo) =>
  page
    .getByRole("navigation", { name: isPhone(info) ? "Основная навигация" : "Личное" })
    .getByRole("link", { name: /^Корзина/ });

/** A quantity stepper's number («В корзине: 2 шт.»), within a card or a page. */
const quantityOf = (scope: Page | ReturnType<Page["getByRole"]>) =>
  scope.getByRole("status", { name: /^В корзине: \d+ шт\.$/ });

/** Adds through the API with this browser's cookies (the basket page's tests start from a basket). */
async function addByApi(page: Page, origin: string, productId: number, quantity = 1) {
  const res = await page.request.post("/api/v1/basket/lines", {
    headers: { origin },
    data: { intent: "add", productId, quantity },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Products of this test's own from the first two sellers, with the sellers' names. */
async function productsOfTwoSellers(db: Database) {
  const [a, b] = await db.select().from(sellers).orderBy(asc(sellers.id)).limit(2);
  return Promise.all(
    [a!, b!].map(async (seller) => ({
      seller: seller.name,
      product: await createProduct(db, { sellerId: seller.id, stock: 10, price: 150_000 }),
    })),
  );
}

test(
  "«В корзину» on a card and the product page, the stepper up to the limit with its reason, the count",
  {
    tag: "@widths",
  },
  async ({ page, shop }, info) => {
    const [phones] = await shop.db.select().from(categories).where(eq(categories.name, "Смартфоны"));
    await page.goto(categoryUrl(phones!));
    await waitForHydration(page);
    await expectTheme(page, info);
    await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
    // A card that can be bought now (its «В корзину») without a per-order limit.
    const cards = page.getByRole("list", { name: "Товары категории" }).getByRole("article");
    const buyable = cards
      .filter({ has: page.getByRole("button", { name: /^В корзину: / }) })
      .filter({ hasNotText: /Не больше \d+ шт\. в заказе/ })
      .first();
    const name = (await buyable.getByRole("heading").textContent())!;
    // Held by its name: once in the basket, the card no longer matches «buyable».
    const card = cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(basketLink(page, info)).toHaveAccessibleName("Корзина");
    await card.getByRole("button", { name: `В корзину: ${name}` }).click();
    // The button turns into the stepper, and the header (or tab bar) counts it.
    await expect(card.getByRole("button", { name: `Увеличить количество: ${name}` })).toBeEnabled();
    await expect(quantityOf(card)).toHaveText("1");
    await expect(basketLink(page, info)).toHaveAccessibleName("Корзина, 1 товар");
    await card.getByRole("button", { name: `Увеличить количество: ${name}` }).click();
    await expect(quantityOf(card)).toHaveText("2");
    await expect(basketLink(page, info)).toHaveAccessibleName("Корзина, 2 товара");
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: shot(info, "card-stepper") });
    // «−» at one takes it out again.
    await card.getByRole("button", { name: `Уменьшить количество: ${name}` }).click();
    await card.getByRole("button", { name: `Убрать из корзины: ${name}` }).click();
    await expect(card.getByRole("button", { name: `В корзину: ${name}` })).toBeVisible();
    await expect(basketLink(page, info)).toHaveAccessibleName("Корзина");

    // The product page: a product limited per order; the stepper stops at the limit and says why.
    const limited = await createProduct(shop.db, { orderLimit: 3, stock: 10 });
    const limit = `Не больше 3 шт. в одном заказе`;
    await page.goto(`/product/${limited.id}`);
    await waitForHydration(page);
    await expect(page.getByText(limit)).toBeVisible();
    await page.getByRole("button", { name: `В корзину: ${limited.name}` }).click();
    const plus = page.getByRole("button", { name: `Увеличить количество: ${limited.name}` });
    for (let n = 1; n < 3; n++) {
      await expect(quantityOf(page)).toHaveText(String(n));
      await plus.click();
    }
    await expect(quantityOf(page)).toHaveText("3");
    await expect(plus).toBeDisabled();
    // The box states the limit above; under the stepper it is the «+» button's description, not said twice:
    // that copy is there for screen readers only (visually hidden, one pixel).
    await expect(plus).toHaveAccessibleDescription(limit);
    // The phone's buy bar (hidden until the box scrolls away) carries a third copy with its own stepper.
    const shown = page.getByText(limit).filter({ visible: true });
    await expect(shown).toHaveCount(2);
    expect((await shown.last().boundingBox())?.width).toBeLessThanOrEqual(1);
    await expect(basketLink(page, info)).toHaveAccessibleName(/^Корзина, 3 товар/);
    await page
      .getByRole("button", { name: `В корзину: ${limited.name}` })
      .or(plus)
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(info, "buy-box") });
    // Reloaded: the page is the cached one for everyone, the stepper comes back after hydration.
    await page.reload();
    await waitForHydration(page);
    await expect(quantityOf(page)).toHaveText("3");
  },
);

test(
  "/basket: grouped by seller with delivery dates, totals follow the selection, remove, move to the wishlist, «Оформить» through sign-in",
  {
    tag: "@widths",
  },
  async ({ page, shop }, info) => {
    const [a, b] = await productsOfTwoSellers(shop.db);
    await page.goto("/");
    await addByApi(page, shop.origin, a!.product.id, 2);
    await addByApi(page, shop.origin, b!.product.id, 1);
    await page.goto("/basket");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: /Корзина/ })).toContainText("3 товара");
    // A shipment per seller, each with its delivery date.
    for (const { seller } of [a!, b!]) {
      await expect(page.getByRole("region", { name: seller }).getByText(/^Доставим /)).toBeVisible();
    }
    const summary = page.getByRole("complementary", { name: "Ваш заказ" });
    await expect(summary.getByText("Товары, 3 шт.")).toBeVisible();
    const total = async () => /Итого\s*([^₽]+₽)/.exec((await summary.textContent()) ?? "")?.[1];
    const before = await total();
    expect(before).toBeTruthy();
    await page.screenshot({ path: shot(info, "full"), fullPage: true });
    // What a phone shows first: the lines, with the total and «Оформить» over the tab bar.
    if (isPhone(info)) await page.screenshot({ path: shot(info, "full-viewport") });

    // Deselecting a line takes it out of the totals.
    const line = (name: string) =>
      page.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: `Выбрать: ${name}` }) });
    const first = line(a!.product.name);
    await first.getByRole("checkbox", { name: `Выбрать: ${a!.product.name}` }).uncheck();
    await expect(summary.getByText("Товары, 1 шт.")).toBeVisible();
    await expect.poll(total).not.toBe(before);
    await expect(page.getByRole("checkbox", { name: "Выбрать все" })).not.toBeChecked();
    await page.getByRole("checkbox", { name: "Выбрать все" }).check();
    await expect(summary.getByText("Товары, 3 шт.")).toBeVisible();
    await expect.poll(total).toBe(before);

    // «В избранное» moves the first line out; «Удалить» takes the other.
    await first.getByRole("button", { name: "В избранное" }).click();
    await expect(page.getByRole("checkbox", { name: /^Выбрать: / })).toHaveCount(1);
    const wish = await page.request.get("/api/v1/wishlist/ids");
    expect(((await wish.json()) as { productIds: number[] }).productIds).toEqual([a!.product.id]);

    // Signed out, «Оформить» goes to sign-in and back to the delivery step.
    await page.getByRole("link", { name: "Оформить" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout%2Fsteps%2Fdelivery$/);
    await page.goBack();
    await waitForHydration(page);
    await line(b!.product.name).getByRole("button", { name: "Удалить" }).click();

    // Empty: the suggestions.
    await expect(page.getByText("В корзине пока пусто")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Популярные товары" })).toBeVisible();
    await expect(basketLink(page, info)).toHaveAccessibleName("Корзина");
    await page.screenshot({ path: shot(info, "empty"), fullPage: true });
  },
);

test.describe("a change the server refuses", () => {
  test.use({ allowedConsoleErrors: /status of 409/ });

  test("shows the reason in a toast and the stepper catches up with the basket", async ({
    page,
    shop,
  }, info) => {
    const limited = await createProduct(shop.db, { orderLimit: 3, stock: 10 });
    await page.goto(`/product/${limited.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `В корзину: ${limited.name}` }).click();
    await expect(quantityOf(page)).toHaveText("1");
    // Another tab fills the line up to the limit meanwhile; this page still shows one.
    await addByApi(page, shop.origin, limited.id, 2);
    await page.getByRole("button", { name: `Увеличить количество: ${limited.name}` }).click();
    const toast = page.getByRole("alert");
    await expect(toast).toContainText("Не удалось изменить количество");
    await expect(toast).toContainText("Не больше 3 шт. в одном заказе");
    await expect(quantityOf(page)).toHaveText("3");
    await expect(page.getByRole("button", { name: `Увеличить количество: ${limited.name}` })).toBeDisabled();
    await page.screenshot({ path: shot(info, "refused-toast") });
  });
});

test("a signed-in shopper's lines come in the page's first HTML, kept frame and all (ADR 074)", async ({
  page,
  shop,
  signIn,
  signedInRequest,
}) => {
  const [a, b] = await productsOfTwoSellers(shop.db);
  // Two left: two in the basket reach the cap, whose reason the «+» points at.
  const capped = await createProduct(shop.db, { stock: 2, price: 99_000 });
  await signIn();
  await addByApi(page, shop.origin, a!.product.id, 1);
  await addByApi(page, shop.origin, b!.product.id, 1);
  await addByApi(page, shop.origin, capped.id, 2);

  // The HTML as it comes, before any script: the shopper's lines in the frame kept for everyone, and
  // the data they were rendered from beside them; stored nowhere but in this process.
  const html = await page.request.get("/basket");
  expect(html.status()).toBe(200);
  expect(html.headers()["x-cache"]).toMatch(/^(MISS|HIT)$/);
  expect(html.headers()["cache-control"]).toBe("private, no-store");
  expect(html.headers().etag).toBeUndefined();
  const body = await html.text();
  for (const name of [a!.product.name, b!.product.name, capped.name]) expect(body).toContain(name);
  expect(body).toContain('<script type="application/json" id="personal-part-state">');
  expect(body).not.toContain("data-personal-part");
  // Another shopper of the same city gets the same frame with only their own basket (empty: rendered whole).
  const other = await signedInRequest();
  const theirs = await (await other.request.get("/basket")).text();
  expect(theirs).toContain("В корзине пока пусто");
  for (const name of [a!.product.name, capped.name]) expect(theirs).not.toContain(name);

  // Hydrated from that data (no console errors: the fixture), the lines answer at once.
  await page.goto("/basket");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /Корзина/ })).toContainText("4 товара");
  const plus = page.getByRole("button", { name: `Увеличить количество: ${capped.name}` });
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAccessibleDescription("Больше нет в наличии");
  const summary = page.getByRole("complementary", { name: "Ваш заказ" });
  await page.getByRole("checkbox", { name: `Выбрать: ${capped.name}` }).uncheck();
  await expect(summary.getByText("Товары, 2 шт.")).toBeVisible();
  // A client navigation back to the basket reads it through its data request, rendered for the shopper.
  await page.getByRole("link", { name: a!.product.name }).click();
  await expect(page).toHaveURL(/\/product\//);
  await page.goBack();
  await expect(summary.getByText("Товары, 2 шт.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Выбрать: ${capped.name}` })).not.toBeChecked();
});
