import type { Page, TestInfo } from "@playwright/test";
import { deliverOrder, recordLedger, setCashbackDue } from "#tests/fixtures/after-sale-data.ts";
import {
  changeProduct,
  checkoutKey,
  expectedLinesOf,
  passDeadline,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

/**
 * The shopper's side after the sale (issue 20, points 4–6): the orders' tabs and the order-type
 * preference, «Купить снова», purchases with «Вы покупали», and the points account.
 */

type Shop = ShopServer;
type Shopper = Awaited<ReturnType<typeof shopperWithBasket>>;

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/after-sale-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

/** Puts the products into the shopper's basket (a new shopper when none is given). */
async function basketOf(shop: Shop, lines: { productId: number; quantity: number }[], shopper?: Shopper) {
  if (!shopper) return shopperWithBasket(shop.db, lines, { points: 20_000 });
  for (const line of lines) {
    await shop.services.basket.mutate(
      { kind: "user", userId: shopper.userId, sessionId: "test", roles: ["shopper"], visitorId: "test" },
      { intent: "add", ...line },
      {},
    );
  }
  return shopper;
}

/** A pickup order of these lines, paid fully with points (no acquirer page); `paid: false` leaves it unpaid. */
async function order(
  shop: Shop,
  lines: { productId: number; quantity: number }[],
  options: { shopper?: Shopper; paid?: boolean } = {},
) {
  const shopper = await basketOf(shop, lines, options.shopper);
  const { order: placed } = await shop.services.orders.place(shopper.userId, {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(shop.db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
    bonusPoints: 0,
  });
  if (options.paid !== false) {
    await shop.services.orders.startPayment(
      shopper.userId,
      placed.id,
      { method: "card", bonusPoints: placed.goodsTotal / 100 },
      { successUrl: shop.origin, failUrl: shop.origin, notificationUrl: shop.origin },
    );
  }
  return { shopper, order: placed };
}

async function openAccountMenu(page: Page) {
  await page.locator("[data-account=signed-in] > button").click();
}

test("the orders' tabs: «Завершённые» holds received and expired orders, and the choice lasts inside the account only", async ({
  shop,
  page,
  signIn,
}) => {
  const [a, b, c] = await Promise.all(
    [1, 2, 3].map(() => scratchProduct(shop.db, { stock: 5, price: 90_000 })),
  );
  const { shopper, order: onItsWay } = await order(shop, [{ productId: a!.id, quantity: 1 }]);
  const { order: received } = await order(shop, [{ productId: b!.id, quantity: 1 }], { shopper });
  await deliverOrder(shop.db, received.id);
  // Left unpaid past its deadline: the expiry job cancels it, and it stays in the list as cancelled.
  const { order: expired } = await order(shop, [{ productId: c!.id, quantity: 1 }], { shopper, paid: false });
  await passDeadline(shop.db, expired.id);
  expect(await shop.services.orders.expire(expired.id)).toBe(true);

  await signIn({}, { userId: shopper.userId });
  await page.goto("/personal/orders");
  await waitForHydration(page);
  const tabs = page.getByRole("navigation", { name: "Заказы" });
  await expect(tabs.getByRole("link", { name: "Активные" })).toHaveAttribute("aria-current", "page");
  const cards = page.locator(".order-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Заказ № ${onItsWay.number}`);
  await expect(cards.first()).toContainText("Оплачен");

  await tabs.getByRole("link", { name: "Завершённые" }).click();
  await expect(page).toHaveURL(/\/personal\/orders\?type=completed$/);
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `Заказ № ${received.number}` })).toContainText("Получен");
  await expect(cards.filter({ hasText: `Заказ № ${expired.number}` })).toContainText("Отменён");
  await expect(cards.getByRole("button", { name: "Купить снова" })).toHaveCount(2);

  // Elsewhere in the account and back by the menu's plain link: still «Завершённые».
  const menu = page.getByRole("navigation", { name: "Личный кабинет" });
  await menu.getByRole("link", { name: "Покупки" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Покупки");
  await menu.getByRole("link", { name: "Заказы" }).click();
  await expect(page).toHaveURL(/\?type=completed$/);
  await expect(tabs.getByRole("link", { name: "Завершённые" })).toHaveAttribute("aria-current", "page");

  // Outside the account (a route without "personal" in its name) the preference goes back to current.
  await page.getByRole("link", { name: "Витрина — на главную" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The account's layout gone, the header's menu is the home page's, not one about to be replaced.
  await expect(menu).toHaveCount(0);
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Мои заказы" }).click();
  await expect(page).toHaveURL(/\/personal\/orders$/);
  await expect(tabs.getByRole("link", { name: "Активные" })).toHaveAttribute("aria-current", "page");
  await expect(cards).toHaveCount(1);
});

test("each tab says so when it is empty", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/personal/orders");
  await expect(page.getByText("Активных заказов нет")).toBeVisible();
  await page.goto("/personal/orders?type=completed");
  await expect(page.getByText("Завершённых заказов нет")).toBeVisible();
  await page.goto("/personal/purchases");
  await expect(page.getByText("Покупок пока нет")).toBeVisible();
});

test("«Купить снова» puts back what is on sale, names the sold-out line and leads to the basket", async ({
  shop,
  page,
  signIn,
}) => {
  const kept = await scratchProduct(shop.db, { stock: 5, price: 120_000 });
  const gone = await scratchProduct(shop.db, { stock: 5, price: 80_000 });
  const { shopper, order: received } = await order(shop, [
    { productId: kept.id, quantity: 2 },
    { productId: gone.id, quantity: 1 },
  ]);
  await deliverOrder(shop.db, received.id);
  await changeProduct(shop.db, gone.id, { stock: 0 });
  const goneName = received.shipments.flatMap((s) => s.lines).find((l) => l.productId === gone.id)!.name;
  const keptName = received.shipments.flatMap((s) => s.lines).find((l) => l.productId === kept.id)!.name;

  await signIn({}, { userId: shopper.userId });
  await page.goto(`/personal/orders/${received.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Купить снова" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Добавили в корзину 2 товара");
  await expect(toast).toContainText(`Не добавлены: «${goneName}» — закончился`);
  await expect(page.getByRole("main").getByRole("status")).toContainText(`Не добавлены: «${goneName}»`);
  await toast.getByRole("link", { name: "Перейти в корзину" }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByText(keptName)).toBeVisible();
  await expect(page.getByText(goneName)).toHaveCount(0);
});

test("purchases list what came, and «Вы покупали» shows on the product's page and cards", async ({
  shop,
  page,
  signIn,
}) => {
  const product = await scratchProduct(shop.db, { stock: 5, price: 60_000 });
  const { shopper, order: received } = await order(shop, [{ productId: product.id, quantity: 1 }]);
  await deliverOrder(shop.db, received.id, new Date("2026-11-03T12:00:00Z"));
  const name = received.shipments[0]!.lines[0]!.name;

  // Signed out, the same product page says nothing about purchases.
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("purchased-note")).toHaveCount(0);

  await signIn({}, { userId: shopper.userId });
  await page.goto("/personal/purchases");
  await waitForHydration(page);
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Получен 3 ноября 2026 г.");
  await item.getByRole("button", { name: "Купить снова" }).click();
  await expect(page.getByTestId("toast")).toContainText("Добавили в корзину 1 товар");

  // «Оставить отзыв» opens the review form (ADR 060); the product's page offers it too.
  await item.getByRole("button", { name: "Оставить отзыв" }).click();
  await expect(page.getByRole("dialog", { name: "Отзыв о товаре" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Отзыв о товаре" })).toHaveCount(0);
  await item.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByTestId("purchased-note")).toHaveText("Вы покупали 3 ноября 2026 г.");
  await expect(page.getByTestId("review-open")).toHaveText("Написать отзыв");

  // The card of a product received: the recently viewed list has it now.
  await page.goto("/personal/viewed");
  const card = page.getByRole("article", { name });
  await expect(card.getByTestId("purchased-badge")).toHaveText("Вы покупали 03.11.2026");
});

test("the points account: the balance in the header, cashback waiting per order, the history page by page", async ({
  shop,
  page,
  signIn,
}) => {
  const product = await scratchProduct(shop.db, { stock: 5, price: 100_000, cashbackPercent: 5 });
  const { shopper, order: onItsWay } = await order(shop, [{ productId: product.id, quantity: 1 }]);
  const { order: received } = await order(shop, [{ productId: product.id, quantity: 1 }], { shopper });
  await deliverOrder(shop.db, received.id);
  await setCashbackDue(shop.db, received.id, new Date("2026-12-12T09:00:00Z"));
  await recordLedger(
    shop.db,
    Array.from({ length: 20 }, (_, i) => ({
      userId: shopper.userId,
      operationKey: `e2e-bonus:${shopper.userId}:${i}`,
      kind: "welcome" as const,
      bucket: "available" as const,
      amount: 10,
    })),
  );
  // 20 000 granted, 1 000 spent on each order, 200 from the test entries.
  const balance = /18\s200 баллов/;

  await signIn({}, { userId: shopper.userId });
  await page.goto("/");
  await waitForHydration(page);
  await openAccountMenu(page);
  await expect(page.getByTestId("header-bonus")).toContainText(balance);
  await page.getByTestId("header-bonus").click();

  await expect(page).toHaveURL(/\/personal\/bonus$/);
  await expect(page.getByTestId("bonus-balance")).toHaveText(balance);
  const pending = page.getByRole("region", { name: "Кешбэк в ожидании" });
  await expect(pending.getByRole("listitem")).toHaveText([
    new RegExp(`Заказ № ${received.number}.*станет доступен 12 декабря 2026 г\\.`),
    new RegExp(`Заказ № ${onItsWay.number}.*станет доступен после получения заказа`),
  ]);
  const history = page.getByRole("region", { name: "История" });
  await expect(history.locator(".bonus-entry")).toHaveCount(20);
  await history.getByRole("button", { name: "Показать ещё" }).click();
  // 20 test entries, a welcome grant, two spends and two cashbacks.
  await expect(history.locator(".bonus-entry")).toHaveCount(25);
  await expect(history.getByRole("button", { name: "Показать ещё" })).toHaveCount(0);
  const spend = history.locator(".bonus-entry").filter({ hasText: "Оплата заказа баллами" }).first();
  await expect(spend).toContainText(`Заказ № ${received.number}`);
  await expect(spend).toContainText("−1");
  await spend.getByRole("link", { name: `Заказ № ${received.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/personal/orders/${received.id}$`));
});

test("the after-sale pages at each width and theme @matrix", async ({ shop, page, signIn }, info) => {
  // Seven pages, four axe checks and their screenshots: past 30 s on a busy CI machine since the
  // purchases gained their review buttons and the order its «Вернуть товар».
  test.slow();
  const [a, b] = await Promise.all([
    scratchProduct(shop.db, { stock: 5, price: 150_000, cashbackPercent: 5 }),
    scratchProduct(shop.db, { stock: 5, price: 45_000 }),
  ]);
  const { shopper, order: received } = await order(shop, [
    { productId: a.id, quantity: 1 },
    { productId: b.id, quantity: 2 },
  ]);
  await order(shop, [{ productId: a.id, quantity: 1 }], { shopper });
  await deliverOrder(shop.db, received.id);
  await setCashbackDue(shop.db, received.id, new Date(Date.now() + 14 * 86_400_000));
  await changeProduct(shop.db, b.id, { stock: 0 });
  const fullPage = !isPhone(info);

  await signIn({ name: "Анна" }, { userId: shopper.userId });
  await page.goto("/personal/orders?type=completed");
  await waitForHydration(page);
  await expect(page.locator(".order-card")).toHaveCount(1);
  await expectAccessible(page, "the completed orders");
  await page.screenshot({ path: shot(info, "orders-completed"), fullPage });

  await page.locator(".order-card").getByRole("button", { name: "Купить снова" }).click();
  await expect(page.getByTestId("toast")).toContainText("Добавили в корзину 1 товар");
  await page.screenshot({ path: shot(info, "buy-again"), animations: "disabled" });

  await page.goto(`/personal/orders/${received.id}`);
  await expect(page.getByRole("button", { name: "Купить снова" })).toBeVisible();
  await page.screenshot({ path: shot(info, "order-page") });

  await page.goto("/personal/purchases");
  await expect(page.locator(".purchase")).toHaveCount(2);
  await expectAccessible(page, "the purchases");
  await page.screenshot({ path: shot(info, "purchases"), fullPage });

  await page.goto(`/product/${a.id}`);
  await expect(page.getByTestId("purchased-note")).toBeVisible();
  await page.screenshot({ path: shot(info, "product") });

  await page.goto("/personal/viewed");
  await expect(page.getByTestId("purchased-badge")).toBeVisible();
  await page.screenshot({ path: shot(info, "card") });

  await page.goto("/personal/bonus");
  await expect(page.getByTestId("bonus-balance")).toBeVisible();
  await expectAccessible(page, "the points account");
  await page.screenshot({ path: shot(info, "bonus"), fullPage });

  if (!isPhone(info)) {
    await openAccountMenu(page);
    await expect(page.getByTestId("header-bonus")).toContainText("балл");
    await page.screenshot({ path: shot(info, "header-menu") });
  }
});
