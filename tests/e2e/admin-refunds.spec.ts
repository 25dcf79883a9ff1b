import type { Locator, Page, TestInfo } from "@playwright/test";
import { formatPoints, formatRub } from "#contract/format.ts";
import { maskPhone } from "#contract/format.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { payWithCard, STAND_IN_CARDS } from "#tests/fixtures/acquirer-stand-in.ts";
import { deliverOrder } from "#tests/fixtures/after-sale-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { pngImage } from "#tests/fixtures/upload-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible, TOASTS } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

/**
 * The operators' refund queue (issue 21, point 2; ADR 059): the demo operator finds two requests of a
 * delivered order waiting, rejects one with a reason the shopper will read, looks at the other's photo and
 * approves it; the money goes back through the refund job — in alfa at both widths and halva at 375 px.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/admin-refunds-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

async function operatorId(shop: ShopServer): Promise<number> {
  const userId = await userIdByPhone(shop.db, DEMO_STAFF.find((s) => s.role === "operator")!.phone);
  if (!userId) throw new Error("the seed has no demo operator");
  return userId;
}

/**
 * A shopper's order of a kettle and two mugs, paid by card and 200 points, delivered; two requests sent:
 * one mug because it did not fit (a comment with markup in it), the kettle as broken, with a photo.
 */
async function twoRequests(shop: ShopServer) {
  const kettle = await scratchProduct(shop.db, { stock: 3, price: 300_000 });
  const mug = await scratchProduct(shop.db, { stock: 3, price: 100_000 });
  const shopper = await shopperWithBasket(
    shop.db,
    [
      { productId: kettle.id, quantity: 1 },
      { productId: mug.id, quantity: 2 },
    ],
    { points: 1_000 },
  );
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
    { method: "card", bonusPoints: 200 },
    {
      successUrl: `${shop.origin}/thank-you?orderId=${order.id}`,
      failUrl: `${shop.origin}/fail?orderId=${order.id}`,
      notificationUrl: `${shop.origin}/api/v1/payments/notification`,
    },
  );
  if (start.kind !== "redirect") throw new Error("expected the acquirer's page");
  await payWithCard(start.paymentUrl, STAND_IN_CARDS.success);
  expect((await shop.services.orders.checkPayment(shopper.userId, order.id)).paid).toBe(true);
  await deliverOrder(shop.db, order.id);

  const { returns, uploads } = shop.services;
  const lines = (await returns.returnable(shopper.userId, order.id)).lines;
  const lineOf = (productId: number) => lines.find((l) => l.productId === productId)!;
  const photo = await uploads.upload(
    { userId: shopper.userId },
    "refund",
    new Blob([new Uint8Array(await pngImage(640, 480))]).stream(),
  );
  const mugRequest = await returns.create(shopper.userId, {
    orderId: order.id,
    lines: [{ lineId: lineOf(mug.id).lineId, quantity: 1 }],
    reason: "not_fit",
    comment: "<b>Не тот цвет</b>, хотела синюю",
  });
  const kettleRequest = await returns.create(shopper.userId, {
    orderId: order.id,
    lines: [{ lineId: lineOf(kettle.id).lineId, quantity: 1 }],
    reason: "defect",
    comment: "Не включается с первого дня.\nИндикатор не горит.",
    photoIds: [photo.id],
  });
  const { phone } = (await returns.staffCard(kettleRequest.id)).shopper;
  if (!phone) throw new Error("the shopper has no phone");
  return { order, phone, shopperId: shopper.userId, mugRequest, kettleRequest };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The image has come from the server and decoded (not a broken picture). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test("an operator rejects one return with a reason and approves another @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  test.slow();
  const { order, phone, mugRequest, kettleRequest } = await twoRequests(shop);
  await signIn({}, { userId: await operatorId(shop) });

  // The queue: waiting requests by default, each with its order, shopper, items, reason and sum.
  await open(page, "/admin");
  await page
    .getByRole("navigation", { name: "Разделы бэк-офиса" })
    .getByRole("link", { name: "Возвраты" })
    .click();
  await expect(page).toHaveURL(/\/admin\/refunds$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Возвраты");
  await expect(page.getByRole("link", { name: "Ждут решения" })).toHaveAttribute("aria-current", "page");
  const kettleCard = page.getByRole("article", { name: `Заявка № ${kettleRequest.id}`, exact: true });
  await expect(kettleCard).toContainText(kettleRequest.lines[0]!.name);
  await expect(kettleCard).toContainText("× 1");
  await expect(kettleCard).toContainText("Брак: не работает или сломан");
  await expect(kettleCard).toContainText(maskPhone(phone));
  await expect(kettleCard).toContainText(formatRub(kettleRequest.amount));
  await expect(kettleCard.getByRole("link", { name: `№ ${order.number}` })).toHaveAttribute(
    "href",
    `/admin/orders/${order.id}`,
  );
  await expect(page.getByRole("article", { name: `Заявка № ${mugRequest.id}`, exact: true })).toBeVisible();
  await expectAccessible(page, "the refund queue");
  await page.screenshot({ path: shot(info, "queue"), fullPage: true });

  // The mug: the shopper's comment is text, never markup; refused without a reason, then with one.
  await page.getByRole("link", { name: `Заявка № ${mugRequest.id}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Заявка на возврат № ${mugRequest.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId("refund-comment")).toHaveText("<b>Не тот цвет</b>, хотела синюю");
  await expect(page.getByTestId("refund-comment").locator("b")).toHaveCount(0);
  const rejectForm = page.getByRole("form", { name: "Отклонить возврат" });
  await rejectForm.getByRole("button", { name: "Отклонить" }).click();
  await expect(rejectForm.getByText("Укажите причину отказа")).toBeVisible();
  await rejectForm.getByLabel("Причина отказа").fill("   ");
  await rejectForm.getByRole("button", { name: "Отклонить" }).click();
  await expect(rejectForm.getByText("Укажите причину отказа")).toBeVisible();
  await rejectForm.getByLabel("Причина отказа").fill("Кружка со следами использования: так вернуть нельзя");
  await rejectForm.getByRole("button", { name: "Отклонить" }).click();
  await expect(page.getByTestId("refund-status")).toHaveText("Отклонён");
  await expect(page.getByTestId("refund-decision-reason")).toHaveText(
    "Кружка со следами использования: так вернуть нельзя",
  );
  await expect(page.getByRole("region", { name: "История" })).toContainText(
    "Кружка со следами использования",
  );
  await expect(page.getByRole("button", { name: "Одобрить возврат" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Отклонить возврат" })).toHaveCount(0);

  // The kettle: its photo opens full size in a new tab; approving asks first, saying what goes back.
  await page.getByRole("link", { name: "← Очередь возвратов" }).click();
  await expect(page.getByRole("article", { name: `Заявка № ${mugRequest.id}`, exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: `Заявка № ${kettleRequest.id}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Заявка на возврат № ${kettleRequest.id}`);
  await waitForHydration(page);
  const photo = page.getByRole("img", { name: "Фото 1" });
  await expectLoaded(photo);
  const full = page.getByRole("link", { name: "Фото 1" });
  await expect(full).toHaveAttribute("target", "_blank");
  await expect(full).toHaveAttribute("href", kettleRequest.photos[0]!.url);
  await expect(page.getByTestId("refund-comment")).toContainText("Индикатор не горит.");
  await expect(page.getByTestId("refund-amount")).toHaveText(formatRub(kettleRequest.amount));
  await expect(page.getByTestId("refund-points")).toHaveText(formatPoints(kettleRequest.points));
  // The rejection's toast may still be fading out over the card (toasts are checked in overlays.spec.ts).
  await expectAccessible(page, "the refund card", { exclude: TOASTS });
  await page.screenshot({ path: shot(info, "card"), fullPage: true });

  await page.getByRole("button", { name: "Одобрить возврат" }).click();
  const question = `Вернуть ${formatRub(kettleRequest.amount)} и ${formatPoints(kettleRequest.points)}?`;
  const dialog = page.getByRole("dialog", { name: question });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: shot(info, "approve") });
  await dialog.getByRole("button", { name: "Одобрить возврат" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("refund-status")).toHaveText(/Одобрен, возвращаем деньги|Деньги возвращены/);
  await expect(page.getByRole("button", { name: "Одобрить возврат" })).toHaveCount(0);
  await expect(page.getByText("Решение принял")).toBeVisible();
  // The refund job runs in the background: the card says when the money reached the card.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("refund-status")).toHaveText("Деньги возвращены", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("refund-money")).toHaveText("Вернулись на карту");
  await page.screenshot({ path: shot(info, "refunded"), fullPage: true });

  // Neither waits any more; each is under its status.
  await open(page, "/admin/refunds");
  await expect(page.getByRole("article", { name: `Заявка № ${kettleRequest.id}`, exact: true })).toHaveCount(
    0,
  );
  await page.getByRole("link", { name: "Отклонены" }).click();
  await expect(page).toHaveURL(/\/admin\/refunds\?status=rejected$/);
  await expect(page.getByRole("article", { name: `Заявка № ${mugRequest.id}`, exact: true })).toContainText(
    "Отклонён",
  );
  await page.getByRole("link", { name: "Деньги возвращены" }).click();
  await expect(
    page.getByRole("article", { name: `Заявка № ${kettleRequest.id}`, exact: true }),
  ).toBeVisible();
});

/** `count` requests of one unit each, from shoppers of delivered orders paid with points (10 a shopper a day). */
async function manyRequests(shop: ShopServer, count: number): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < count) {
    const units = Math.min(10, count - ids.length);
    const product = await scratchProduct(shop.db, { stock: units, price: 10_000 });
    const shopper = await shopperWithBasket(shop.db, [{ productId: product.id, quantity: units }], {
      points: 5_000,
    });
    const { order } = await shop.services.orders.place(shopper.userId, {
      checkoutKey: checkoutKey(),
      ...(await expectedLinesOf(shop.db, shopper.userId)),
      deliveryType: "pickup",
      addressId: shopper.pickupAddressId,
      bonusPoints: 0,
    });
    await shop.services.orders.startPayment(
      shopper.userId,
      order.id,
      { method: "card", bonusPoints: order.goodsTotal / 100 },
      { successUrl: shop.origin, failUrl: shop.origin, notificationUrl: shop.origin },
    );
    await deliverOrder(shop.db, order.id);
    const [line] = (await shop.services.returns.returnable(shopper.userId, order.id)).lines;
    for (let i = 0; i < units; i++) {
      const request = await shop.services.returns.create(shopper.userId, {
        orderId: order.id,
        lines: [{ lineId: line!.lineId, quantity: 1 }],
        reason: "changed_mind",
      });
      ids.push(request.id);
    }
  }
  return ids;
}

test("the queue pages on with «Показать ещё», newest first", async ({ shop, page, signIn }) => {
  test.slow();
  const ids = await manyRequests(shop, 21);
  await signIn({}, { userId: await operatorId(shop) });
  await open(page, "/admin/refunds");
  const request = (id: number) => page.getByRole("article", { name: `Заявка № ${id}`, exact: true });
  await expect(request(ids.at(-1)!)).toBeVisible();
  // A page is 20 requests: the first of these 21 is on the next one.
  await expect(request(ids[0]!)).toHaveCount(0);
  await page.getByRole("button", { name: "Показать ещё" }).click();
  await expect(request(ids[0]!)).toBeVisible();
  // Each once: the next page starts after the last one shown.
  for (const id of ids) await expect(request(id)).toHaveCount(1);
  // Points only: what goes back is said in points.
  await expect(request(ids[0]!)).toContainText("100 баллов");
});

// The browser reports the refused decision (409) as a console error; this test expects it.
test.describe("decided meanwhile", () => {
  test.use({ allowedConsoleErrors: /the server responded with a status of 409/ });

  test("a request withdrawn or decided since the card was opened says so in the API's words", async ({
    shop,
    page,
    signIn,
  }) => {
    const { shopperId, mugRequest, kettleRequest } = await twoRequests(shop);
    const staffId = await operatorId(shop);
    await signIn({}, { userId: staffId });

    // The shopper withdraws the mug while the operator looks at it.
    await open(page, `/admin/refunds/${mugRequest.id}`);
    await shop.services.returns.cancel(shopperId, mugRequest.id);
    await page.getByRole("button", { name: "Одобрить возврат" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Одобрить возврат" }).click();
    await expect(page.getByText("Покупатель отменил эту заявку")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByTestId("refund-status")).toHaveText("Отменён");
    await expect(page.getByRole("button", { name: "Одобрить возврат" })).toHaveCount(0);

    // Another operator approves the kettle first.
    await open(page, `/admin/refunds/${kettleRequest.id}`);
    await shop.services.returns.approve({ userId: staffId, label: "e2e", address: null }, kettleRequest.id);
    await page.getByLabel("Причина отказа").fill("Не видно брака");
    await page.getByRole("button", { name: "Отклонить" }).click();
    await expect(page.getByText("Заявка уже рассмотрена")).toBeVisible();
    await expect(page.getByTestId("refund-status")).toHaveText(
      /Одобрен, возвращаем деньги|Деньги возвращены/,
    );
    await expect(page.getByRole("form", { name: "Отклонить возврат" })).toHaveCount(0);
  });
});
