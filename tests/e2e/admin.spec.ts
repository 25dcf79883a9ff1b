import type { Page, TestInfo } from "@playwright/test";
import { ADMIN_SECTIONS } from "#app/features/admin/sections.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

/**
 * The back office (issue 20, points 1, 2, 8; ADR 051, 053): the demo operator finds a paid order, moves its
 * pickup parcel to the point and leaves a note; a shopper is refused; an admin grants and removes a role.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/admin-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

const demo = (role: "operator" | "admin") => DEMO_STAFF.find((s) => s.role === role)!;

/** The demo operator's or admin's account in the seed (ADR 051: +7 900 000-00-01 and -02). */
async function demoId(shop: ShopServer, role: "operator" | "admin"): Promise<number> {
  const userId = await userIdByPhone(shop.db, demo(role).phone);
  if (!userId) throw new Error(`the seed has no demo ${role}`);
  return userId;
}

/** A shopper's pickup order, paid in full with points (no acquirer page needed). */
async function paidPickupOrder(shop: ShopServer) {
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
  await shop.services.orders.startPayment(
    shopper.userId,
    order.id,
    { method: "card", bonusPoints: order.goodsTotal / 100 },
    { successUrl: shop.origin, failUrl: shop.origin, notificationUrl: shop.origin },
  );
  return { order, shipmentId: order.shipments[0]!.id };
}

/** The sections' names an operator's navigation shows (the admin's own ones left out), and an admin's. */
const operatorSections = ADMIN_SECTIONS.filter((s) => s.role === "operator").map((s) => s.label);
const adminSections = ADMIN_SECTIONS.map((s) => s.label);

/** A phone nobody has used, for a role granted in the test. */
const freshPhone = () => `+7977${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const shown = (e164: string) =>
  `+7 (${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8, 10)}-${e164.slice(10)}`;

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

// The browser reports each refused request (409, 403) as a console error; these tests expect them.
test.describe("refusals", () => {
  test.use({ allowedConsoleErrors: /the server responded with a status of (409|403)/ });

  test("the operator finds a paid order, moves its parcel to the point and leaves a note", async ({
    shop,
    page,
    signIn,
  }) => {
    const { order, shipmentId } = await paidPickupOrder(shop);
    await signIn({}, { userId: await demoId(shop, "operator") });
    const list = await open(page, "/admin");
    // Each staff member's own view: never kept by the page cache or a proxy, never indexed.
    expect(list?.headers()["cache-control"]).toContain("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Заказы" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Разделы бэк-офиса" });
    await expect(nav.getByRole("link")).toHaveText(operatorSections);
    expect(operatorSections).not.toContain("Сотрудники");

    const filters = page.getByRole("form", { name: "Фильтры заказов" });
    await filters.getByLabel("Статус").selectOption("paid");
    await filters.getByLabel("Номер заказа").fill(order.number.replace("-", ""));
    await filters.getByLabel("Доставка").selectOption("pickup");
    await filters.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(/status=paid.*number=\d{8}.*delivery=pickup/);
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(2);
    // The address is the view: opened again, it shows the same filters and the same order.
    await open(page, page.url());
    await expect(filters.getByLabel("Статус")).toHaveValue("paid");
    await page.getByRole("link", { name: `№ ${order.number}` }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Заказ № ${order.number}`);
    await page.getByRole("button", { name: "Начать сборку" }).click();
    await expect(page.getByRole("button", { name: "Передать в доставку" })).toBeVisible();
    // The same button now offers the next move, and keeps the keyboard's focus.
    await expect(page.getByRole("button", { name: "Передать в доставку" })).toBeFocused();
    await page.keyboard.press("Enter");
    const toPoint = page.getByRole("button", { name: "Доставлен в пункт выдачи" });
    await expect(toPoint).toBeVisible();

    // Another operator got there first: the move is refused in Russian and the card shows the parcel as it is.
    const other = await createSession(shop.db, { user: { roles: ["shopper", "operator"] } });
    await shop.services.orders.moveShipment(
      { userId: other.userId, address: null },
      order.id,
      shipmentId,
      "ready_for_pickup",
    );
    await toPoint.click();
    await expect(
      page.getByText(
        "Отправление нельзя перевести из статуса «Ждёт в пункте выдачи» в «Ждёт в пункте выдачи»",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Вручён покупателю" })).toBeVisible();
    await expect(page.getByText("Код получения").locator("strong")).toHaveText(/^\d{6}$/);
    const history = page.getByRole("region", { name: "История" });
    await expect(history.getByRole("listitem")).toHaveText([
      /^Оформлен/,
      /^Оплачен/,
      /^Собирается/,
      /^В доставке/,
      /^Ждёт в пункте выдачи/,
    ]);
    // Who moved each parcel: the demo operator, then the one who got there first.
    await expect(history.getByRole("listitem").nth(2)).toContainText("Ольга Операторова");
    await expect(history.getByRole("listitem").first()).toContainText("Покупатель");

    const notes = page.getByRole("region", { name: "Заметки сотрудников" });
    await notes.getByLabel("Новая заметка").fill("Покупатель просит позвонить за час");
    await notes.getByRole("button", { name: "Добавить заметку" }).click();
    await expect(notes.getByRole("listitem")).toHaveText([
      /Операторова.*Покупатель просит позвонить за час/s,
    ]);
    await expect(notes.getByLabel("Новая заметка")).toHaveValue("");
    // The shopper's other orders are one click away: the list filtered by their phone.
    await page.getByRole("link", { name: "Все заказы покупателя" }).click();
    await expect(page).toHaveURL(/\/admin\?phone=%2B7\d{10}$/);
    await expect(page.getByRole("link", { name: `№ ${order.number}` })).toBeVisible();
  });

  test("a shopper gets «Нет доступа», a signed-out visitor signs in first", async ({ page, signIn }) => {
    const signedOut = await page.goto("/admin?status=paid");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%3Fstatus%3Dpaid$/);
    expect(signedOut?.ok()).toBe(true);

    await signIn();
    const response = await open(page, "/admin/orders/1");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нет доступа");
    await expect(page.getByRole("navigation", { name: "Разделы бэк-офиса" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Вернуться в магазин" })).toBeVisible();
  });

  test("an operator sees no admin sections and is refused the staff screen", async ({
    shop,
    page,
    signIn,
  }) => {
    await signIn({}, { userId: await demoId(shop, "operator") });
    const response = await open(page, "/admin/staff");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нет доступа");
    // Inside the frame: the operator's own sections stay at hand.
    await expect(page.getByRole("navigation", { name: "Разделы бэк-офиса" }).getByRole("link")).toHaveText(
      operatorSections,
    );
  });
});

test("the operator cancels a paid order with a reason from the dictionary", async ({
  shop,
  page,
  signIn,
}) => {
  const { order } = await paidPickupOrder(shop);
  await signIn({}, { userId: await demoId(shop, "operator") });
  await open(page, `/admin/orders/${order.id}`);
  await page.getByRole("button", { name: "Отменить заказ" }).click();
  const dialog = page.getByRole("dialog", { name: "Отменить заказ?" });
  await dialog.getByRole("button", { name: "Отменить заказ" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Выберите причину отмены");
  await dialog.getByRole("radio", { name: "По просьбе покупателя" }).check();
  await dialog.getByRole("button", { name: "Отменить заказ" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("admin-order-status")).toHaveText("Отменён");
  await expect(page.getByRole("button", { name: "Отменить заказ" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Начать сборку" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "История" }).getByRole("listitem").last()).toHaveText(
    /^Отменён/,
  );
});

test("the operator calls off one parcel of a two-seller order, the other travels on", async ({
  shop,
  page,
  signIn,
}) => {
  const first = await scratchProduct(shop.db, { stock: 2, price: 150_000 });
  // A second seller with goods in the catalogue (a product is copied from one of theirs).
  let second: Awaited<ReturnType<typeof scratchProduct>> | undefined;
  for (const seller of await shop.services.orders.sellerChoices()) {
    if (seller.id === first.sellerId) continue;
    second = await scratchProduct(shop.db, { stock: 2, price: 120_000, sellerId: seller.id }).catch(
      () => undefined,
    );
    if (second) break;
  }
  if (!second) throw new Error("the seed has one seller with goods");
  const shopper = await shopperWithBasket(
    shop.db,
    [
      { productId: first.id, quantity: 1 },
      { productId: second.id, quantity: 1 },
    ],
    { points: 5_000 },
  );
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
  const [kept, dropped] = order.shipments;

  await signIn({}, { userId: await demoId(shop, "operator") });
  await open(page, `/admin/orders/${order.id}`);
  const parcels = page
    .getByRole("region", { name: "Отправления" })
    .getByRole("listitem")
    .filter({
      has: page.getByText(/^Отправление \d из 2/),
    });
  await expect(parcels).toHaveCount(2);
  const droppedParcel = parcels.filter({ hasText: dropped!.seller.name });
  await droppedParcel.getByRole("button", { name: "Отменить отправление" }).click();
  const dialog = page.getByRole("dialog", { name: `Отменить отправление ${dropped!.seller.name}?` });
  await dialog.getByRole("radio", { name: "Товара нет у продавца" }).check();
  await dialog.getByRole("button", { name: "Отменить отправление" }).click();
  await expect(dialog).toBeHidden();

  await expect(droppedParcel).toContainText("Отменён");
  await expect(droppedParcel.getByRole("button")).toHaveCount(0);
  const keptParcel = parcels.filter({ hasText: kept!.seller.name });
  await expect(keptParcel.getByRole("button", { name: "Начать сборку" })).toBeVisible();
  await expect(page.getByTestId("admin-order-status")).toHaveText("Оплачен");
  // The points this parcel took go back at once; the card says so.
  await expect(page.getByRole("heading", { name: "Возвраты" })).toBeVisible();
});

test("an admin grants an operator by phone, then removes the role, both in the audit log", async ({
  shop,
  page,
  signIn,
}) => {
  const phone = freshPhone();
  await signIn({}, { userId: await demoId(shop, "admin") });
  await open(page, "/admin/staff");
  await expect(page.getByRole("navigation", { name: "Разделы бэк-офиса" }).getByRole("link")).toHaveText(
    adminSections,
  );
  expect(adminSections).toEqual(expect.arrayContaining(["Заказы", "Сотрудники", "Журнал действий"]));
  const form = page.getByRole("form", { name: "Назначить роль" });
  await form.getByLabel("Телефон сотрудника").pressSequentially(phone.slice(2));
  await form.getByLabel("Роль").selectOption("operator");
  await form.getByRole("button", { name: "Назначить" }).click();
  const row = page.getByRole("row").filter({ hasText: shown(phone) });
  await expect(row).toContainText("Оператор");

  await row.getByRole("button", { name: `Снять роль «Оператор» с ${shown(phone)}` }).click();
  const dialog = page.getByRole("dialog", { name: "Снять роль?" });
  await dialog.getByRole("button", { name: "Снять роль" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.getByRole("link", { name: "Журнал действий" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Журнал действий" })).toBeVisible();
  const log = page.getByRole("form", { name: "Фильтры журнала" });
  await log.getByLabel("Действие").selectOption("staff.revoke");
  await log.getByRole("button", { name: "Найти" }).click();
  await expect(page).toHaveURL(/action=staff\.revoke/);
  await expect(page.getByRole("row").filter({ hasText: phone }).first()).toContainText("Снятие роли");
});

test("the audit log pages on with «Показать ещё», filtered by the address", async ({
  shop,
  page,
  signIn,
}) => {
  const { order } = await paidPickupOrder(shop);
  const author = await createSession(shop.db, { user: { roles: ["shopper", "operator"] } });
  for (let n = 1; n <= 55; n++) {
    await shop.services.orders.addNote({ userId: author.userId, address: null }, order.id, `Заметка ${n}`);
  }
  await signIn({}, { userId: await demoId(shop, "admin") });
  await open(page, `/admin/audit?action=order.note&actor=${author.userId}`);
  const rows = page.getByRole("table").locator("tbody").getByRole("row");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText("«Заметка 55»");
  await page.getByRole("button", { name: "Показать ещё" }).click();
  await expect(rows).toHaveCount(55);
  await expect(rows.last()).toContainText("«Заметка 1»");
  await expect(page.getByRole("button", { name: "Показать ещё" })).toHaveCount(0);
});

test("the back office at a phone's and a desktop's width @matrix", async ({ shop, page, signIn }, info) => {
  const { order, shipmentId } = await paidPickupOrder(shop);
  const operatorId = await demoId(shop, "operator");
  for (const to of ["assembling", "in_delivery", "ready_for_pickup"] as const) {
    await shop.services.orders.moveShipment({ userId: operatorId, address: null }, order.id, shipmentId, to);
  }
  await shop.services.orders.addNote({ userId: operatorId, address: null }, order.id, "Позвонить покупателю");
  await signIn({}, { userId: await demoId(shop, "admin") });

  await open(page, "/admin");
  await expect(page.getByRole("link", { name: `№ ${order.number}` })).toBeVisible();
  await expectAccessible(page, "the back office's orders screen");
  await page.screenshot({ path: shot(info, "orders"), fullPage: true });

  await open(page, `/admin/orders/${order.id}`);
  await expect(page.getByRole("button", { name: "Вручён покупателю" })).toBeVisible();
  await expectAccessible(page, "the back office's order screen");
  await page.screenshot({ path: shot(info, "order"), fullPage: true });
  await page.getByRole("button", { name: "Отменить заказ" }).click();
  await expect(page.getByRole("dialog", { name: "Отменить заказ?" })).toBeVisible();
  await expectAccessible(page, "the cancel dialog");
  await page.screenshot({ path: shot(info, "cancel") });
  await page.getByRole("button", { name: "Не отменять" }).click();

  await open(page, "/admin/staff");
  await expect(page.getByRole("row").filter({ hasText: shown(demo("operator").phone) })).toBeVisible();
  await expectAccessible(page, "the back office's staff screen");
  await page.screenshot({ path: shot(info, "staff"), fullPage: true });

  await open(page, "/admin/audit");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectAccessible(page, "the back office's audit screen");
  await page.screenshot({ path: shot(info, "audit"), fullPage: true });
});

test.describe("the refusal's look", () => {
  test.use({ allowedConsoleErrors: /the server responded with a status of 403/ });

  test("«Нет доступа» at a phone's and a desktop's width @matrix", async ({ page, signIn }, info) => {
    await signIn();
    await open(page, "/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Нет доступа");
    await expectAccessible(page, "the back office refusing a shopper");
    await page.screenshot({ path: shot(info, "denied") });
  });
});

test.describe("a card that does not exist", () => {
  test.use({ allowedConsoleErrors: /the server responded with a status of 404/ });

  test("«Не найдено» inside the back office, back to the card's own section @matrix", async ({
    shop,
    page,
    signIn,
  }, info) => {
    await signIn({}, { userId: await demoId(shop, "operator") });
    for (const [path, section, list] of [
      ["/admin/support/999999", "Обращения", "/admin/support"],
      ["/admin/refunds/999999", "Возвраты", "/admin/refunds"],
    ] as const) {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Не найдено");
      await expect(page.getByText("Такой записи или страницы нет"), path).toBeVisible();
      await expect(page.getByRole("link", { name: `К разделу «${section}»` }), path).toHaveAttribute(
        "href",
        list,
      );
    }
    await expectAccessible(page, "the back office's «Не найдено»");
    await page.screenshot({ path: shot(info, "not-found") });
  });
});

test("signing out of the back office leaves it for the shop's home page", async ({ shop, page, signIn }) => {
  await signIn({}, { userId: await demoId(shop, "operator") });
  await open(page, "/admin?delivery=pickup");
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Вы вышли из аккаунта")).toBeVisible();
  // Coming back asks to sign in first.
  await page.goto("/admin?status=paid");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%3Fstatus%3Dpaid$/);
});
