import type { TestInfo } from "@playwright/test";
import { setCashbackDue } from "#tests/fixtures/after-sale-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { signInContext } from "./support/test.ts";

/**
 * Issue 20's journey, end to end in alfa at both widths and halva at 375 px (@themes): a shopper's
 * paid pickup order is moved by an operator in /admin to the point; the shopper sees the timeline and
 * the pickup code, and the SMS with the code is in the stand-in's outbox the operator reads; handed over,
 * the order is under «Завершённые», the product in purchases and marked «Вы покупали» on its page; after
 * the return window the cashback is spendable on the points page.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/after-sale-journey-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

test("paid → at the point with its code and SMS → delivered → completed, purchases, cashback @themes", async ({
  shop,
  page,
  browser,
  signIn,
}, info) => {
  test.slow();
  const product = await scratchProduct(shop.db, { stock: 3, price: 150_000, cashbackPercent: 5 });
  const shopper = await shopperWithBasket(shop.db, [{ productId: product.id, quantity: 1 }], {
    points: 5_000,
  });
  const { order } = await shop.services.orders.place(shopper.userId, {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(shop.db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
    bonusPoints: 0,
  });
  // 1,000 points and 500 ₽ would need the card; points pay it whole here (the card path has its own specs).
  await shop.services.orders.startPayment(
    shopper.userId,
    order.id,
    { method: "card", bonusPoints: order.goodsTotal / 100 },
    { successUrl: shop.origin, failUrl: shop.origin, notificationUrl: shop.origin },
  );

  // The operator, in a browser of their own, moves the parcel to the point.
  const staff = await createSession(shop.db, { user: { roles: ["shopper", "operator"] } });
  const desk = await browser.newContext({ baseURL: shop.origin, viewport: page.viewportSize() ?? undefined });
  await signInContext(shop, desk, {}, { userId: staff.userId });
  const admin = await desk.newPage();
  await admin.goto(`/admin/orders/${order.id}`);
  await waitForHydration(admin);
  for (const [button, status] of [
    ["Начать сборку", "Собирается"],
    ["Передать в доставку", "В доставке"],
    ["Доставлен в пункт выдачи", "Ждёт в пункте выдачи"],
  ] as const) {
    await admin.getByRole("button", { name: button }).click();
    await expect(admin.getByText(`Отправление: ${status}`)).toBeVisible();
  }
  await admin.screenshot({ path: shot(info, "admin-card"), fullPage: !isPhone(info) });

  // The shopper sees where the parcel is, until when, and the code.
  await signIn({}, { userId: shopper.userId });
  await page.goto(`/personal/orders/${order.id}`);
  await waitForHydration(page);
  const code = page.getByText("Код получения").locator("strong");
  await expect(code).toHaveText(/^\d{6}$/);
  const pickupCode = (await code.textContent())!;
  await expect(page.getByRole("region", { name: "История заказа" }).getByRole("listitem")).toHaveCount(5);
  await page.screenshot({ path: shot(info, "at-the-point"), fullPage: !isPhone(info) });

  // The SMS with the code reached the outbox (its job runs in the background); the operator reads it there.
  await expect(async () => {
    await admin.goto("/admin/sms");
    await waitForHydration(admin);
    await expect(admin.getByText(pickupCode, { exact: false }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await admin.screenshot({ path: shot(info, "admin-sms") });

  // Handed over at the point.
  await admin.goto(`/admin/orders/${order.id}`);
  await waitForHydration(admin);
  await admin.getByRole("button", { name: "Вручён покупателю" }).click();
  await expect(admin.getByText("Отправление: Получен")).toBeVisible();
  await desk.close();

  await page.goto("/personal/orders");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Завершённые" }).click();
  await expect(page.getByRole("link", { name: `Заказ № ${order.number}` })).toBeVisible();
  await page.screenshot({ path: shot(info, "completed") });

  await page.goto("/personal/purchases");
  await waitForHydration(page);
  const name = order.shipments[0]!.lines[0]!.name;
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Купить снова" }).first()).toBeVisible();
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  await expect(page.getByText(/Вы покупали/)).toBeVisible();

  // After the return window the order's cashback (5 % of 1,500 ₽ = 75 points) becomes spendable.
  await setCashbackDue(shop.db, order.id, new Date(Date.now() - 60_000));
  expect(await shop.services.cashback.releaseDue()).toBeGreaterThanOrEqual(1);
  await page.goto("/personal/bonus");
  await waitForHydration(page);
  // 5,000 welcome points − 1,500 spent on the order + 75 of cashback; nothing pending any more.
  await expect(page.getByTestId("bonus-balance")).toHaveText(/^3\s575/);
  await expect(page.getByTestId("bonus-pending")).toHaveText(/^0/);
  await page.screenshot({ path: shot(info, "points"), fullPage: !isPhone(info) });
});
