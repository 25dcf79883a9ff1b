import type { TestInfo } from "@playwright/test";
import { payWithCard, STAND_IN_CARDS } from "#tests/fixtures/acquirer-stand-in.ts";
import { sellersWithWarehouse } from "#tests/fixtures/delivery-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

/**
 * A shopper cancels one parcel of a paid two-seller order (issue 20, point 3; ADR 054): the dialog asks
 * why, the toast says what comes back, the order shows the parcel cancelled and its money on the way to the
 * card — in alfa at both widths and halva at 375 px.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/order-cancel-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

test("a shopper cancels one parcel of a paid order and sees its partial refund @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  const [a, b] = await sellersWithWarehouse(shop.db);
  const kettle = await scratchProduct(shop.db, { stock: 3, price: 300_000, sellerId: a!.id });
  const mug = await scratchProduct(shop.db, { stock: 3, price: 100_000, sellerId: b!.id });
  const shopper = await shopperWithBasket(shop.db, [
    { productId: kettle.id, quantity: 1 },
    { productId: mug.id, quantity: 1 },
  ]);
  const { order } = await shop.services.orders.place(shopper.userId, {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(shop.db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
    bonusPoints: 0,
  });
  const start = await shop.services.orders.startPayment(
    shopper.userId,
    order.id,
    { method: "card", bonusPoints: 0 },
    {
      successUrl: `${shop.origin}/thank-you?orderId=${order.id}`,
      failUrl: `${shop.origin}/fail?orderId=${order.id}`,
      notificationUrl: `${shop.origin}/api/v1/payments/notification`,
    },
  );
  if (start.kind !== "redirect") throw new Error("expected the acquirer's page");
  await payWithCard(start.paymentUrl, STAND_IN_CARDS.success);
  expect((await shop.services.orders.checkPayment(shopper.userId, order.id)).paid).toBe(true);
  const mugParcel = order.shipments.find((s) => s.lines[0]!.productId === mug.id)!;

  await signIn({}, { userId: shopper.userId });
  await page.goto(`/personal/orders/${order.id}`);
  await waitForHydration(page);
  const parcel = page.locator(".order-shipment").filter({ hasText: mugParcel.seller.name });
  await parcel.getByRole("button", { name: "Отменить отправление" }).click();
  const dialog = page.getByRole("dialog", { name: "Отменить это отправление?" });
  await expect(dialog).toBeVisible();
  // Without a reason the dialog says what is missing.
  await dialog.getByRole("button", { name: "Да, отменить" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Выберите причину отмены");
  await dialog.getByRole("radio", { name: "Нашёл дешевле" }).check();
  await expectAccessible(page, "the cancel dialog");
  await page.screenshot({ path: shot(info, "dialog") });
  await dialog.getByRole("button", { name: "Да, отменить" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText("Отправление отменено")).toBeVisible();
  await expect(page.getByText("1 000 ₽ вернём на карту за 1–10 рабочих дней.")).toBeVisible();
  await expect(parcel.locator(".order-shipment__end")).toHaveText("Отменён · Нашёл дешевле");
  await expect(parcel.getByRole("button", { name: "Отменить отправление" })).toHaveCount(0);
  // The order goes on with the other parcel; the whole order can still be cancelled.
  await expect(page.getByRole("button", { name: "Отменить заказ" })).toBeVisible();
  const refund = page.locator(".order-refund");
  await expect(refund).toContainText("1 000 ₽ на карту");
  // The refund job runs in the background: the money reaches the card.
  await expect(async () => {
    await page.reload();
    await expect(page.locator(".order-refund__status")).toHaveText("Деньги возвращены", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: shot(info, "refunded"), fullPage: !isPhone(info) });
});
