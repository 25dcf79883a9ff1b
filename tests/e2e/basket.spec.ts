import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";

// The basket (issue 12 points 1 and 2, ADR 038): «В корзину» on cards and the product page turning into
// a stepper capped with its reason, the header's and the tab bar's count, /basket grouped by seller with
// totals, selection, removal, «В избранное», «Оформить» through sign-in, and the empty state. Both themes,
// both widths; screenshots under test-results/screenshots/.

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/basket-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

interface CardData {
  id: number;
  name: string;
  state: string;
  orderLimit: number | null;
}

/** A product the API lists with a per-order limit of at least 2, in stock. */
async function limitedProduct(request: APIRequestContext): Promise<CardData> {
  for (let page = 1; page <= 20; page++) {
    const res = await request.get(`/api/v1/products?limit=100&page=${page}&sort=popular`);
    const { items } = (await res.json()) as { items: CardData[] };
    const found = items.find((p) => p.state === "in_stock" && p.orderLimit !== null && p.orderLimit >= 2);
    if (found) return found;
  }
  throw new Error("the seeded catalogue has a product limited per order");
}

/** Plain in-stock products from two different sellers, through the API. */
async function twoSellersProducts(request: APIRequestContext): Promise<number[]> {
  const res = await request.get("/api/v1/products?limit=100&page=1&sort=popular");
  const { items } = (await res.json()) as { items: CardData[] };
  const plain = items.filter((p) => p.state === "in_stock" && p.orderLimit === null);
  const bySeller = new Map<string, number>();
  for (const p of plain) {
    const detail = (await (await request.get(`/api/v1/products/${p.id}`)).json()) as {
      stock: number;
      seller: { code: string };
    };
    if (detail.stock >= 5 && !bySeller.has(detail.seller.code)) bySeller.set(detail.seller.code, p.id);
    if (bySeller.size === 2) break;
  }
  return [...bySeller.values()];
}

/** The basket link the page shows at this width: the header's on desktop, the tab bar's on a phone. */
const basketLink = (page: Page, info: TestInfo) =>
  (isPhone(info) ? page.locator(".mobile-nav") : page.locator(".header-actions")).getByRole("link", {
    name: /^Корзина/,
  });

/** Adds through the API with this browser's cookies (the basket page's tests start from a basket). */
async function addByApi(page: Page, productId: number, quantity = 1) {
  const res = await page.request.post("/api/v1/basket/lines", {
    headers: { origin: new URL(page.url() === "about:blank" ? "http://x" : page.url()).origin },
    data: { intent: "add", productId, quantity },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("«В корзину» on a card and the product page, the stepper up to the limit with its reason, the count", async ({
  page,
}, info) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  await expectTheme(page, info);
  await page.getByRole("link", { name: "Смартфоны", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  const card = page
    .getByRole("list", { name: "Товары категории" })
    .getByRole("article")
    .filter({ hasNot: page.locator(".product-card__state, .product-card__limit") })
    .first();
  const name = (await card.locator(".product-card__name").textContent())!;
  await expect(basketLink(page, info)).toHaveAccessibleName("Корзина");
  await card.getByRole("button", { name: `В корзину: ${name}` }).click();
  // The button turns into the stepper, and the header (or tab bar) counts it.
  await expect(card.getByRole("button", { name: `Увеличить количество: ${name}` })).toBeEnabled();
  await expect(card.locator(".qty__value")).toHaveText("1");
  await expect(basketLink(page, info)).toHaveAccessibleName("Корзина, 1 товар");
  await card.getByRole("button", { name: `Увеличить количество: ${name}` }).click();
  await expect(card.locator(".qty__value")).toHaveText("2");
  await expect(basketLink(page, info)).toHaveAccessibleName("Корзина, 2 товара");
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: shot(info, "card-stepper") });
  // «−» at one takes it out again.
  await card.getByRole("button", { name: `Уменьшить количество: ${name}` }).click();
  await card.getByRole("button", { name: `Убрать из корзины: ${name}` }).click();
  await expect(card.getByRole("button", { name: `В корзину: ${name}` })).toBeVisible();
  await expect(basketLink(page, info)).toHaveAccessibleName("Корзина");

  // The product page: a product limited per order; the stepper stops at the limit and says why.
  const limited = await limitedProduct(page.request);
  await page.goto(`/product/${limited.id}`);
  await waitForHydration(page);
  const box = page.locator(".buy-box");
  await expect(box.getByText(`Не больше ${limited.orderLimit} шт. в одном заказе`)).toBeVisible();
  await box.getByRole("button", { name: `В корзину: ${limited.name}` }).click();
  const plus = box.getByRole("button", { name: `Увеличить количество: ${limited.name}` });
  for (let n = 1; n < limited.orderLimit!; n++) {
    await expect(box.locator(".qty__value")).toHaveText(String(n));
    await plus.click();
  }
  await expect(box.locator(".qty__value")).toHaveText(String(limited.orderLimit));
  await expect(plus).toBeDisabled();
  // The box states the limit above; under the stepper it is the «+» button's description, not said twice.
  await expect(plus).toHaveAccessibleDescription(`Не больше ${limited.orderLimit} шт. в одном заказе`);
  await expect(box.locator(".qty__reason")).toHaveCount(0);
  await expect(basketLink(page, info)).toHaveAccessibleName(
    new RegExp(`^Корзина, ${limited.orderLimit} товар`),
  );
  await box.screenshot({ path: shot(info, "buy-box") });
  // Reloaded: the page is the cached one for everyone, the stepper comes back after hydration.
  await page.reload();
  await waitForHydration(page);
  await expect(box.locator(".qty__value")).toHaveText(String(limited.orderLimit));
});

test("/basket: grouped by seller with delivery dates, totals follow the selection, remove, move to the wishlist, «Оформить» through sign-in", async ({
  page,
}, info) => {
  const products = await twoSellersProducts(page.request);
  expect(products).toHaveLength(2);
  await page.goto("/");
  await addByApi(page, products[0]!, 2);
  await addByApi(page, products[1]!, 1);
  await page.goto("/basket");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /Корзина/ })).toContainText("3 товара");
  const shipments = page.locator(".basket-shipment");
  await expect(shipments).toHaveCount(2);
  for (const shipment of await shipments.all()) {
    await expect(shipment.locator(".basket-shipment__date")).toHaveText(/^Доставим /);
  }
  const summary = page.locator(".basket-summary__card");
  await expect(summary.getByText("Товары, 3 шт.")).toBeVisible();
  const total = async () => (await summary.locator(".basket-summary__total dd").textContent())!;
  const before = await total();
  await page.screenshot({ path: shot(info, "full"), fullPage: true });
  // What a phone shows first: the lines, with the total and «Оформить» over the tab bar.
  if (isPhone(info)) await page.screenshot({ path: shot(info, "full-viewport") });

  // Deselecting a line takes it out of the totals.
  const first = page.locator(".basket-line").first();
  const firstName = (await first.locator(".basket-line__name").textContent())!;
  await first.getByRole("checkbox", { name: `Выбрать: ${firstName}` }).uncheck();
  await expect(summary.getByText(/^Товары, [12] шт\.$/)).toBeVisible();
  await expect.poll(total).not.toBe(before);
  await expect(page.getByRole("checkbox", { name: "Выбрать все" })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "Выбрать все" }).check();
  await expect(summary.getByText("Товары, 3 шт.")).toBeVisible();
  await expect.poll(total).toBe(before);

  // «В избранное» moves the first line out; «Удалить» takes the other.
  await first.getByRole("button", { name: "В избранное" }).click();
  await expect(page.locator(".basket-line")).toHaveCount(1);
  const wish = await page.request.get("/api/v1/wishlist/ids");
  expect(((await wish.json()) as { productIds: number[] }).productIds).toHaveLength(1);

  // Signed out, «Оформить» goes to sign-in and back to the delivery step.
  await page.getByRole("link", { name: "Оформить" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout%2Fsteps%2Fdelivery$/);
  await page.goBack();
  await waitForHydration(page);
  await page.locator(".basket-line").first().getByRole("button", { name: "Удалить" }).click();

  // Empty: the suggestions.
  await expect(page.getByText("В корзине пока пусто")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Популярные товары" })).toBeVisible();
  await expect(basketLink(page, info)).toHaveAccessibleName("Корзина");
  await page.screenshot({ path: shot(info, "empty"), fullPage: true });
});

test.describe("a change the server refuses", () => {
  test.use({ allowedConsoleErrors: /status of 409/ });

  test("shows the reason in a toast and the stepper catches up with the basket", async ({ page }, info) => {
    const limited = await limitedProduct(page.request);
    await page.goto(`/product/${limited.id}`);
    await waitForHydration(page);
    const box = page.locator(".buy-box");
    await box.getByRole("button", { name: `В корзину: ${limited.name}` }).click();
    await expect(box.locator(".qty__value")).toHaveText("1");
    // Another tab fills the line up to the limit meanwhile; this page still shows one.
    await addByApi(page, limited.id, limited.orderLimit! - 1);
    await box.getByRole("button", { name: `Увеличить количество: ${limited.name}` }).click();
    const toast = page.getByRole("alert");
    await expect(toast).toContainText("Не удалось изменить количество");
    await expect(toast).toContainText(`Не больше ${limited.orderLimit} шт. в одном заказе`);
    await expect(box.locator(".qty__value")).toHaveText(String(limited.orderLimit));
    await expect(box.getByRole("button", { name: `Увеличить количество: ${limited.name}` })).toBeDisabled();
    await page.screenshot({ path: shot(info, "refused-toast") });
  });
});
