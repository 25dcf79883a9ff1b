import type { Page, TestInfo } from "@playwright/test";
import { createSession } from "#tests/factories/sessions.ts";
import { deliverOrder } from "#tests/fixtures/after-sale-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { returnSmsOf } from "#tests/fixtures/returns-data.ts";
import { pngImage } from "#tests/fixtures/upload-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible, TOASTS } from "./support/axe.ts";
import { smsTo } from "./support/test.ts";

/**
 * Issue 21's return, end to end in alfa at both widths and halva at 375 px (@themes): a delivered
 * order's «Вернуть товар», a unit with a photo and a claim about the goods; the request waits; an
 * operator approves it; the points that paid for it are back on the account, the request says so and the
 * SMS of the decision is in the outbox.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/refunds-journey-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test("delivered → «Вернуть товар» with a photo → approved → points back, SMS sent @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  test.slow();
  const product = await scratchProduct(shop.db, { stock: 3, price: 120_000, cashbackPercent: 5 });
  const shopper = await shopperWithBasket(shop.db, [{ productId: product.id, quantity: 2 }], {
    points: 5_000,
  });
  const { order } = await shop.services.orders.place(shopper.userId, {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(shop.db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
    bonusPoints: 0,
  });
  // Points pay it whole (the card's way back has its API suites); 2,400 points of 5,000.
  await shop.services.orders.startPayment(
    shopper.userId,
    order.id,
    { method: "card", bonusPoints: order.goodsTotal / 100 },
    { successUrl: shop.origin, failUrl: shop.origin, notificationUrl: shop.origin },
  );
  await deliverOrder(shop.db, order.id);

  await signIn({}, { userId: shopper.userId });
  await open(page, `/personal/orders/${order.id}`);
  await page.getByRole("link", { name: "Вернуть товар" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Возврат товара");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Заявка на возврат" });
  // Nothing chosen: the form says what it needs.
  await form.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(form.getByText("Выберите товары для возврата")).toBeVisible();
  await form.getByRole("checkbox", { name: /Тестовый товар/ }).check();
  await expect(form.getByLabel("Сколько")).toHaveValue("1");
  await form.getByRole("radio", { name: "Брак: не работает или сломан" }).check();
  await form.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(form.getByText("Приложите хотя бы одно фото")).toBeVisible();
  await form.getByLabel("Комментарий").fill("Не включается <b>совсем</b>");
  await form
    .getByLabel("Добавить фото")
    .setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: await pngImage(640, 480) });
  await expect(form.getByRole("img", { name: "Фото 1" })).toBeVisible();
  await expectAccessible(page, "the return form");
  await page.screenshot({ path: shot(info, "form"), fullPage: true });
  await form.getByRole("button", { name: "Отправить заявку" }).click();

  await expect(page).toHaveURL(/\/personal\/refunds\/\d+$/);
  const refundId = Number(new URL(page.url()).pathname.split("/").at(-1));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Возврат № ${refundId}`);
  await expect(page.getByText("На рассмотрении")).toBeVisible();
  // The comment is text, not markup.
  await expect(page.getByText("Не включается <b>совсем</b>")).toBeVisible();
  await expect(page.getByText(/^1\s200 баллов$/)).toBeVisible();
  // Without the toast the sending left, caught fading in (its contrast: overlays.spec.ts, at rest).
  await expectAccessible(page, "the return request", { exclude: TOASTS });
  await page.screenshot({ path: shot(info, "sent"), fullPage: !isPhone(info) });

  // An operator finds it in the queue and approves it: the points come back at once.
  const staff = await createSession(shop.db, { user: { roles: ["shopper", "operator"] } });
  await signIn({}, { userId: staff.userId });
  await open(page, "/admin/refunds");
  await page
    .getByRole("link", { name: new RegExp(`№ ${refundId}`) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(String(refundId));
  await page.getByRole("button", { name: "Одобрить возврат" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Одобрить возврат" }).click();
  await expect(page.getByRole("button", { name: "Одобрить возврат" })).toHaveCount(0);

  await signIn({}, { userId: shopper.userId });
  await open(page, `/personal/refunds/${refundId}`);
  await expect(page.getByText("Деньги возвращены")).toBeVisible();
  await expect(page.getByRole("region", { name: "История" }).getByRole("listitem")).toHaveCount(3);
  await page.screenshot({ path: shot(info, "refunded"), fullPage: !isPhone(info) });
  await open(page, "/personal/refunds");
  await expect(page.getByRole("link", { name: new RegExp(`Возврат № ${refundId}`) })).toContainText(
    "Деньги возвращены",
  );
  await page.screenshot({ path: shot(info, "list"), fullPage: !isPhone(info) });
  await open(page, "/personal/bonus");
  await expect(
    page
      .getByRole("main")
      .getByText(/^3\s800 баллов$/)
      .first(),
  ).toBeVisible();

  // The decision's SMS went out through the gateway (the server's job sends it).
  const [sms] = await returnSmsOf(shop.db, order.id);
  expect(sms?.key).toBe(`return:${refundId}:approved`);
  await expect.poll(() => smsTo(shop, order.recipient.phone)).toContain(sms!.text);
});
