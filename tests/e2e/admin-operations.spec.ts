import type { Page, TestInfo } from "@playwright/test";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { paymentWithProblem, recordOutbox } from "#tests/fixtures/admin-operations-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

/**
 * The back office's operations screens (issue 20, points 7, 9, 10) as the demo operator works them: the
 * payment problems queue, stock by hand, and the stand-in SMS outbox — in alfa at both widths and halva
 * at 375 px (@themes).
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/admin-ops-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

/** The screen itself: the layout's bar and sections are the back office's own specs' to check. */
const SCREEN = { include: ".admin-main" };

const operatorPhone = DEMO_STAFF.find((s) => s.role === "operator")!.phone;

/** The demo operator signed into this test's browser. */
async function asOperator(
  shop: ShopServer,
  signIn: (o: object, opts: { userId: number }) => Promise<unknown>,
) {
  const userId = await userIdByPhone(shop.db, operatorPhone);
  if (!userId) throw new Error("the demo operator is not seeded");
  await signIn({}, { userId });
}

/** A shopper's placed order of `quantity` units of a product of its own: the order and the product. */
async function placedOrder(shop: ShopServer, stock: number, quantity: number) {
  const product = await scratchProduct(shop.db, { stock, price: 149_000 });
  const shopper = await shopperWithBasket(shop.db, [{ productId: product.id, quantity }]);
  const { order } = await shop.services.orders.place(shopper.userId, {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(shop.db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
    bonusPoints: 0,
  });
  return { order, product, shopper };
}

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

test("an operator retries a failed return and settles a partial refund with a note @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  const { order } = await placedOrder(shop, 5, 1);
  await paymentWithProblem(shop.db, order.id, {
    kind: "partial_refund",
    status: "partially_refunded",
    amount: 149_000,
    detail: "the acquirer refunded 500.00 of 1490.00 (PARTIAL_REFUNDED)",
  });
  await paymentWithProblem(shop.db, order.id, {
    kind: "return_failed",
    status: "returning",
    amount: 149_000,
    job: "failed",
    detail: "the acquirer's Cancel answered 503",
  });
  await asOperator(shop, signIn);

  await open(page, "/admin/payments", "Проблемные платежи");
  await expect(
    page
      .getByRole("navigation", { name: "Разделы бэк-офиса" })
      .getByRole("link", { name: "Проблемные платежи" }),
  ).toHaveAttribute("aria-current", "page");
  const failed = page
    .getByRole("article")
    .filter({ hasText: "Не удалось вернуть платёж" })
    .filter({ hasText: order.number });
  const partial = page
    .getByRole("article")
    .filter({ hasText: "Банк вернул часть оплаты" })
    .filter({ hasText: order.number });
  await expect(failed).toContainText("1 490 ₽ · Возвращается");
  await expect(failed).toContainText("Задача возврата не удалась, попыток: 8");
  await expect(partial.getByRole("button", { name: "Повторить возврат" })).toHaveCount(0);
  await expectAccessible(page, "the payment problems queue", SCREEN);
  await page.screenshot({ path: shot(info, "payments"), fullPage: !isPhone(info) });

  await failed.getByRole("button", { name: "Повторить возврат" }).click();
  await expect(page.getByText("Возврат запущен снова")).toBeVisible();
  await expect(failed.getByRole("button", { name: "Повторить возврат" })).toHaveCount(0);

  await partial.getByRole("button", { name: "Отметить решённой" }).click();
  const note = partial.getByRole("textbox", { name: "Как решили" });
  await expect(note).toBeFocused();
  await partial.getByRole("button", { name: "Сохранить" }).click();
  await expect(partial.getByText("Напишите, как решили проблему")).toBeVisible();
  await note.fill("Остаток 990 ₽ вернули в кабинете банка");
  await page.screenshot({ path: shot(info, "payments-resolve"), fullPage: !isPhone(info) });
  await partial.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Проблема решена")).toBeVisible();
  await expect(partial).toHaveCount(0);

  await page.getByRole("link", { name: "Решённые" }).click();
  await expect(page.getByRole("link", { name: "Решённые" })).toHaveAttribute("aria-current", "page");
  const settled = page.getByRole("article").filter({ hasText: order.number });
  await expect(settled).toContainText("Остаток 990 ₽ вернули в кабинете банка");
  await expect(settled).toContainText("Решена");
});

test.describe("stock by hand", () => {
  // The count below the reserve is refused with a 409, which the browser logs.
  test.use({ allowedConsoleErrors: /the server responded with a status of 409/ });

  test("an operator counts the shelf: the product sells out and comes back, never below the reserve @themes", async ({
    shop,
    page,
    signIn,
  }, info) => {
    const { product } = await placedOrder(shop, 6, 2);
    await asOperator(shop, signIn);

    await open(page, `/admin/stock?q=${product.id}`, "Склад");
    const card = page.getByRole("article").filter({ hasText: `Товар № ${product.id}` });
    await expect(card.getByRole("definition")).toHaveText(["6 шт.", "2 шт.", "4 шт."]);
    await expect(card).toContainText("В наличии");

    await card.getByRole("button", { name: "Изменить остаток" }).click();
    const count = card.getByRole("textbox", { name: "На складе, шт." });
    await expect(count).toBeFocused();
    await expect(count).toHaveValue("6");
    await count.fill("1");
    await card.getByRole("textbox", { name: "Причина" }).fill("Пересчёт: четыре штуки ушли в брак");
    await card.getByRole("button", { name: "Сохранить" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "Нельзя меньше, чем в резерве заказов: 2 шт. На складе сейчас 6 шт.",
    );
    await count.fill("2");
    await expectAccessible(page, "the stock form", SCREEN);
    await page.screenshot({ path: shot(info, "stock-form"), fullPage: !isPhone(info) });
    await card.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Остаток сохранён")).toBeVisible();
    await expect(card.getByRole("definition")).toHaveText(["2 шт.", "2 шт.", "0 шт."]);
    await expect(card).toContainText("Нет в наличии");
    await page.screenshot({ path: shot(info, "stock"), fullPage: !isPhone(info) });

    // The storefront's product page says so.
    const shopper = await page.context().newPage();
    await shopper.goto(`/product/${product.id}`);
    await expect(shopper.getByText("Нет в наличии").first()).toBeVisible();
    await shopper.close();

    await card.getByRole("button", { name: "Изменить остаток" }).click();
    await card.getByRole("radio", { name: "Прибавить или списать" }).check();
    await card.getByRole("textbox", { name: "Изменение, шт." }).fill("5");
    await card.getByRole("textbox", { name: "Причина" }).fill("Поставка от продавца");
    await card.getByRole("button", { name: "Сохранить" }).click();
    await expect(card.getByRole("definition")).toHaveText(["7 шт.", "2 шт.", "5 шт."]);
    await expect(card).toContainText("В наличии");
  });
});

test("an operator reads what a shopper received in the stand-in's outbox, sign-in codes too @themes", async ({
  shop,
  page,
  signIn,
}, info) => {
  const { shopper, order } = await placedOrder(shop, 3, 1);
  const [user] = await Promise.all([shop.services.identity.userById(shopper.userId)]);
  const phone = user!.phone!;
  await recordOutbox(shop.db, [
    { phone, text: "Код для входа в Витрину: 402913. Никому его не сообщайте" },
    { phone, text: `Заказ ${order.number} оплачен. Соберём и передадим в доставку, пришлём SMS` },
    {
      phone,
      text: `Заказ ${order.number} ждёт вас в пункте выдачи: Москва, ул. Тестовая, д 1. Код получения 583104, хранится до 5 декабря`,
    },
  ]);
  await asOperator(shop, signIn);

  await open(page, "/admin/sms", "SMS");
  await expect(page.getByText("Пока работает встроенная заглушка, SMS никуда не уходят")).toBeVisible();
  await page.getByRole("textbox", { name: "Телефон получателя" }).fill(phone);
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page).toHaveURL(/\/admin\/sms\?phone=/);
  const messages = page.getByRole("list", { name: "Сообщения" }).getByRole("listitem");
  await expect(messages).toHaveCount(3);
  await expect(messages.first()).toContainText("ждёт вас в пункте выдачи");
  await expect(messages.last()).toContainText("Код для входа в Витрину: 402913");
  await expectAccessible(page, "the SMS outbox", SCREEN);
  await page.screenshot({ path: shot(info, "sms"), fullPage: !isPhone(info) });
  await page.getByRole("link", { name: "Все сообщения" }).click();
  await expect(page).toHaveURL(/\/admin\/sms$/);
});
