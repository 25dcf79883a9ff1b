import type { TestInfo } from "@playwright/test";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

/**
 * A paid pickup order an operator moved to the point (issue 20, point 2; ADR 053): the shopper's order page
 * shows where the parcel is, until when it waits, the code to give, and the order's history — in alfa at
 * both widths and halva at 375 px (@themes).
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/order-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

test("the shopper sees the parcel waiting at the point with its code and the order's history @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  const product = await scratchProduct(shop.db, { stock: 2, price: 150_000 });
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
  // Points pay the pickup order in full: no acquirer page in this test.
  await shop.services.orders.startPayment(
    shopper.userId,
    order.id,
    { method: "card", bonusPoints: order.goodsTotal / 100 },
    { successUrl: shop.origin, failUrl: shop.origin, notificationUrl: shop.origin },
  );
  const operator = await createSession(shop.db, { user: { roles: ["shopper", "operator"] } });
  const shipmentId = order.shipments[0]!.id;
  for (const to of ["assembling", "in_delivery", "ready_for_pickup"] as const) {
    await shop.services.orders.moveShipment(
      { userId: operator.userId, address: null },
      order.id,
      shipmentId,
      to,
    );
  }

  await signIn({}, { userId: shopper.userId });
  await page.goto(`/personal/orders/${order.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Заказ № ${order.number}`);
  await expect(page.locator(".order-status")).toHaveText("Ждёт в пункте выдачи");
  await expect(page.getByText(/^Ждёт в пункте выдачи до \d+ [а-я]+$/)).toBeVisible();
  const code = page.getByText("Код получения").locator("strong");
  await expect(code).toHaveText(/^\d{6}$/);
  const history = page.getByRole("region", { name: "История заказа" });
  await expect(history.getByRole("listitem")).toHaveText([
    /^Оформлен/,
    /^Оплачен/,
    /^Собирается/,
    /^В доставке/,
    /^Ждёт в пункте выдачи/,
  ]);
  await expectAccessible(page, "the order page with a parcel at the point");
  await page.screenshot({ path: shot(info, "ready-for-pickup"), fullPage: !isPhone(info) });
});
