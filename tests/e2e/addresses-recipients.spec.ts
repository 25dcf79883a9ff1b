import type { Page } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import { addressMessages } from "#contract/address-book.ts";
import { newAddressInputSchema } from "#contract/addresses.ts";
import { newRecipientInputSchema } from "#contract/recipients.ts";
import { messages } from "#contract/validation.ts";
import { pickupPoints } from "#server/db/schema/index.ts";
import { createUser } from "#tests/factories/users.ts";
import { expect, expectTheme, test, waitForHydration } from "./fixtures.ts";
import { expectAccessible, TOASTS } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

/**
 * The shopper's address book (issue 11 points 8 and 9, ADR 031): delivery addresses on
 * /personal/address/{addressId} and recipients on /personal/recipients. The journeys run once (alfa,
 * 1280 px); what differs by theme and width, the pages' contrast and structure under axe, is checked in
 * each theme at each width (@matrix) on pages whose addresses and recipients the test made through the
 * server's own services.
 */

function toast(page: Page, title: string) {
  return page.getByRole("status").filter({ hasText: title });
}

test.describe("delivery addresses", () => {
  test("an address sent empty or without a house number is refused with the field's message", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Анна", surname: "Смирнова" });
    await page.goto("/personal/address/new");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Адреса доставки" })).toBeVisible();
    await expect(page.getByText("Адресов пока нет")).toBeVisible();
    // The account menu leads here, and stays marked on every address.
    const menuEntry = page
      .getByRole("navigation", { name: "Личный кабинет" })
      .getByRole("link", { name: "Адреса" });
    await expect(menuEntry).toHaveClass(/active/);

    // Sent empty: the spec's required message, on the field, which takes focus.
    const street = page.getByLabel("Улица и дом");
    const save = page.getByRole("button", { name: "Сохранить адрес" });
    await save.click();
    await expect(page.getByText(messages.required)).toBeVisible();
    await expect(street).toHaveAttribute("aria-invalid", "true");
    await expect(street).toBeFocused();
    // A street without a house number cannot be delivered to.
    await street.fill("ул. Ленина");
    await save.click();
    await expect(page.getByText(addressMessages.incomplete)).toBeVisible();

    await street.fill("ул. Ленина, 5");
    await expect(page.getByText(addressMessages.incomplete)).toBeHidden();
  });

  test("a courier address with every detail is saved, selected as the first one, and edited", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Анна", surname: "Смирнова" });
    await page.goto("/personal/address/new");
    await waitForHydration(page);
    const save = page.getByRole("button", { name: "Сохранить адрес" });
    await page.getByLabel("Улица и дом").fill("ул. Ленина, 5");
    await page.getByLabel("Подъезд").fill("2");
    await page.getByLabel("Этаж").fill("5");
    await page.getByLabel("Квартира").fill("12");
    await page.getByLabel("Домофон").fill("12К");
    await page.getByLabel("Комментарий для курьера").fill("Позвоните за полчаса");
    await save.click();
    await expect(toast(page, "Адрес сохранён")).toBeVisible();
    await expect(page).toHaveURL(/\/personal\/address\/\d+$/);
    // The first address is the selected one.
    await expect(page.getByRole("heading", { name: "Изменить адрес" })).toBeVisible();
    await expect(page.getByText("Этот адрес выбран для доставки")).toBeVisible();
    const list = page.getByRole("region", { name: "Мои адреса" });
    const courier = list.getByRole("link", { name: /ул\. Ленина, 5/ });
    await expect(courier).toContainText("подъезд 2, этаж 5, кв. 12, домофон 12К");
    await expect(courier).toContainText("Выбран");
    await expect(courier).toHaveAttribute("aria-current", "page");

    // Edit: the list follows.
    await page.getByLabel("Квартира").fill("14");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(toast(page, "Адрес сохранён")).toBeVisible();
    await expect(courier).toContainText("кв. 14");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Квартира")).toHaveValue("14");
  });

  test("a pickup address needs its point, and is saved beside the selected one without taking its place", async ({
    page,
    signIn,
    shop,
  }) => {
    const { userId } = await signIn({ name: "Анна", surname: "Смирнова" });
    const courierUrl = `/personal/address/${(await courierAddress(shop, page, userId)).id}`;
    expect((await page.goto(courierUrl))?.status()).toBe(200);
    await waitForHydration(page);
    const list = page.getByRole("region", { name: "Мои адреса" });
    const courier = list.getByRole("link", { name: /ул\. Ленина, 5/ });
    await expect(courier).toContainText("Выбран");
    const save = page.getByRole("button", { name: "Сохранить адрес" });

    // A pickup point of the city, chosen from the list.
    await page.getByRole("link", { name: "Добавить адрес" }).click();
    await expect(page).toHaveURL(/\/personal\/address\/new$/);
    await expect(page.getByRole("heading", { name: "Новый адрес" })).toBeVisible();
    await page.getByRole("radio", { name: "Пункт выдачи", exact: true }).check();
    const points = page.getByRole("group", { name: "Пункт выдачи", exact: true }).getByRole("radio");
    await expect(points.first()).toBeVisible();
    // Sent without a point: the message says to choose one.
    await save.click();
    await expect(page.getByText(addressMessages.pickupPoint)).toBeVisible();
    const point = points.nth(1);
    // A point is named by its label, the point's place and address.
    await expect(point).toHaveAccessibleName(/\S/);
    await point.check();
    await expect(page.getByText(addressMessages.pickupPoint)).toBeHidden();
    await save.click();
    await expect(toast(page, "Адрес сохранён")).toBeVisible();
    await expect(page).toHaveURL(/\/personal\/address\/\d+$/);
    await expect(page.getByText("Адрес сохранён, но не выбран для доставки.")).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Пункт выдачи", exact: true }).getByRole("radio", { checked: true }),
    ).toHaveCount(1);
    await expect(courier).toContainText("Выбран");
  });

  test("a pickup address is selected, then deleted after a confirmation", async ({ page, signIn, shop }) => {
    const { userId } = await signIn({ name: "Анна", surname: "Смирнова" });
    // What the test above leaves: the selected courier address and a pickup one beside it.
    const courierUrl = `/personal/address/${(await courierAddress(shop, page, userId)).id}`;
    const saved = await shop.services.addresses.create(
      userId,
      newAddressInputSchema.parse({ type: "pickup", pickupPointId: await firstPickupPointId(shop, page) }),
    );
    await page.goto(`/personal/address/${saved.id}`);
    await waitForHydration(page);
    const list = page.getByRole("region", { name: "Мои адреса" });
    const courier = list.getByRole("link", { name: /ул\. Ленина, 5/ });
    const pickup = list.getByRole("link", { name: /Пункт выдачи/ });
    await expect(courier).toContainText("Выбран");
    await expect(pickup).not.toContainText("Выбран");

    // Select it: the badge moves.
    await page.getByRole("button", { name: "Доставлять сюда" }).click();
    await expect(toast(page, "Адрес выбран для доставки")).toBeVisible();
    await expect(page.getByText("Этот адрес выбран для доставки")).toBeVisible();
    await expect(pickup).toContainText("Выбран");
    await expect(courier).not.toContainText("Выбран");

    // Delete it, after a confirmation; cancelling first changes nothing.
    await page.getByRole("button", { name: "Удалить адрес" }).click();
    const dialog = page.getByRole("dialog", { name: "Удалить адрес?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(dialog).toBeHidden();
    await expect(pickup).toBeVisible();
    await page.getByRole("button", { name: "Удалить адрес" }).click();
    await dialog.getByRole("button", { name: "Удалить", exact: true }).click();
    await expect(toast(page, "Адрес удалён")).toBeVisible();
    await expect(page).toHaveURL(/\/personal\/address\/new$/);
    await expect(list.getByRole("link")).toHaveCount(1);
    await expect(courier).toBeVisible();
    // The selected pickup address went and no other pickup one is left: nothing is selected now.
    await expect(courier).not.toContainText("Выбран");

    // The courier address can be opened again by its link.
    await courier.click();
    await expect(page).toHaveURL(courierUrl);
    await expect(page.getByLabel("Улица и дом")).toHaveValue("ул. Ленина, 5");
  });

  test.describe("an address that is not the shopper's", () => {
    // The browser reports the page's own 404 as a console error.
    test.use({ allowedConsoleErrors: /status of 404/ });

    test("is the 404 screen: someone else's, and one that never existed", async ({ page, signIn, shop }) => {
      // Another shopper's address, and this browser signed in as someone else.
      const other = await createUser(shop.db);
      const { id } = await shop.services.addresses.create(
        other.id,
        newAddressInputSchema.parse({
          type: "courier",
          cityId: await firstCityId(page),
          address: "Тверская, 1",
        }),
      );
      await signIn();
      const response = await page.goto(`/personal/address/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
      await expect(
        page.getByRole("main").getByRole("link", { name: "На главную", exact: true }),
      ).toBeVisible();
      expect((await page.goto("/personal/address/999999999"))?.status()).toBe(404);
    });
  });
});

async function firstCityId(page: Page): Promise<number> {
  const { items } = (await (await page.request.get("/api/v1/address")).json()) as { items: { id: number }[] };
  return items[0]!.id;
}

/** A pickup point of the shopper's city, the first the form lists. */
async function firstPickupPointId(shop: ShopServer, page: Page): Promise<number> {
  const [point] = await shop.db
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(eq(pickupPoints.cityId, await firstCityId(page)))
    .orderBy(asc(pickupPoints.id))
    .limit(1);
  return point!.id;
}

/** The courier address the address form's test saves (then edits): selected, as a shopper's first one is. */
async function courierAddress(shop: ShopServer, page: Page, userId: number) {
  const cityId = await firstCityId(page);
  return shop.services.addresses.create(
    userId,
    newAddressInputSchema.parse({
      type: "courier",
      cityId,
      address: "ул. Ленина, 5",
      entrance: "2",
      floor: "5",
      flat: "14",
      intercom: "12К",
    }),
  );
}

test.describe("recipients", () => {
  test("add a recipient after every validation message", async ({ page, signIn }) => {
    await signIn({ name: "Анна", surname: "Смирнова" });
    await page.goto("/personal/recipients");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Получатели" })).toBeVisible();
    await expect(page.getByText("Получателей пока нет")).toBeVisible();

    await page.getByRole("button", { name: "Добавить получателя" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый получатель" });
    await expect(dialog).toBeVisible();
    const fullName = dialog.getByLabel("ФИО");
    const phone = dialog.getByLabel("Телефон");
    const email = dialog.getByLabel("Email");
    await expect(fullName).toBeFocused();
    const save = dialog.getByRole("button", { name: "Сохранить" });

    // Sent empty: the spec's required message under the name and the phone.
    await save.click();
    await expect(dialog.getByText(messages.required)).toHaveCount(2);
    await expect(fullName).toBeFocused();
    // One word, then Latin letters: the spec's full-name message.
    await fullName.fill("Анна");
    await fullName.blur();
    await expect(dialog.getByText(messages.fullName)).toBeVisible();
    await fullName.fill("Anna Smirnova");
    await expect(dialog.getByText(messages.fullName)).toBeVisible();
    await fullName.fill("Смирнова Анна Сергеевна");
    await expect(dialog.getByText(messages.fullName)).toBeHidden();
    // A number cut short: the spec's phone message.
    await phone.pressSequentially("916123");
    await phone.blur();
    await expect(dialog.getByText(messages.phone)).toBeVisible();
    await phone.press("End");
    await phone.pressSequentially("4567");
    await expect(phone).toHaveValue("+7 (916) 123-45-67");
    await expect(dialog.getByText(messages.phone)).toBeHidden();
    // A malformed email: the spec's email message.
    await email.fill("anna@");
    await save.click();
    await expect(dialog.getByText(messages.email)).toBeVisible();
    await expect(email).toBeFocused();
    await email.fill("anna@example.ru");
    await save.click();
    await expect(toast(page, "Получатель сохранён")).toBeVisible();
    await expect(dialog).toBeHidden();

    const rows = page.getByRole("region", { name: "Ваши получатели" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Смирнова Анна Сергеевна");
    await expect(rows.first()).toContainText("+7 (916) 123-45-67");
    await expect(rows.first()).toContainText("Основной");
  });

  test("add a second recipient, edit him, make him the default, delete the first", async ({
    page,
    signIn,
    shop,
  }) => {
    const { userId } = await signIn({ name: "Анна", surname: "Смирнова" });
    // The recipient the test above leaves: the default, as a shopper's first one is.
    await shop.services.recipients.create(
      userId,
      newRecipientInputSchema.parse({
        fullName: "Смирнова Анна Сергеевна",
        phone: "+79161234567",
        email: "anna@example.ru",
      }),
    );
    await page.goto("/personal/recipients");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Новый получатель" });
    const rows = page.getByRole("region", { name: "Ваши получатели" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Основной");

    // A second one, without an email.
    await page.getByRole("button", { name: "Добавить получателя" }).click();
    await dialog.getByLabel("ФИО").fill("Петров Иван");
    await dialog.getByLabel("Телефон").pressSequentially("9031112233");
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);

    // Edit: the dialog opens with the saved values.
    await page.getByRole("button", { name: "Изменить: Петров Иван" }).click();
    const edit = page.getByRole("dialog", { name: "Изменить получателя" });
    await expect(edit.getByLabel("ФИО")).toHaveValue("Петров Иван");
    await expect(edit.getByLabel("Телефон")).toHaveValue("+7 (903) 111-22-33");
    await edit.getByLabel("ФИО").fill("Петров Иван Ильич");
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText("Петров Иван Ильич")).toBeVisible();

    // Make him the default: he moves first, with the badge.
    await page.getByRole("button", { name: "Сделать основным: Петров Иван Ильич" }).click();
    await expect(toast(page, "Основной получатель изменён")).toBeVisible();
    await expect(rows.first()).toContainText("Петров Иван Ильич");
    await expect(rows.first()).toContainText("Основной");
    await expect(rows.nth(1)).not.toContainText("Основной");

    // Delete Anna, after a confirmation.
    await page.getByRole("button", { name: "Удалить: Смирнова Анна Сергеевна" }).click();
    const confirm = page.getByRole("dialog", { name: "Удалить получателя?" });
    await confirm.getByRole("button", { name: "Удалить", exact: true }).click();
    await expect(toast(page, "Получатель удалён")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Петров Иван Ильич");
    await page.reload();
    await waitForHydration(page);
    await expect(rows).toHaveCount(1);
  });
});

test.describe("the address book in each theme and width", { tag: "@matrix" }, () => {
  test("an empty address book passes axe, and with a field's message", async ({ page, signIn }, info) => {
    await signIn();
    await page.goto("/personal/address/new");
    await waitForHydration(page);
    await expectTheme(page, info);
    await expect(page.getByText("Адресов пока нет")).toBeVisible();
    await expectAccessible(page, "the empty address book", { exclude: TOASTS });

    await page.getByLabel("Улица и дом").fill("ул. Ленина");
    await page.getByRole("button", { name: "Сохранить адрес" }).click();
    await expect(page.getByText(addressMessages.incomplete)).toBeVisible();
    await expectAccessible(page, "a field with its message", { exclude: TOASTS });
  });

  test("an open pickup address passes axe", async ({ page, signIn, shop }, info) => {
    const { userId } = await signIn();
    // A courier address and a selected pickup one: the pickup journey's state before it deletes.
    const [point] = await shop.db.select().from(pickupPoints).orderBy(asc(pickupPoints.id)).limit(1);
    const { addresses } = shop.services;
    await addresses.create(
      userId,
      newAddressInputSchema.parse({
        type: "courier",
        cityId: point!.cityId,
        address: "ул. Ленина, 5",
        flat: "12",
      }),
    );
    const pickup = await addresses.create(
      userId,
      newAddressInputSchema.parse({ type: "pickup", pickupPointId: point!.id, selected: true }),
    );
    await page.goto(`/personal/address/${pickup.id}`);
    await waitForHydration(page);
    await expectTheme(page, info);
    await expect(page.getByText("Этот адрес выбран для доставки")).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Пункт выдачи", exact: true }).getByRole("radio", { checked: true }),
    ).toHaveCount(1);
    await expectAccessible(page, "an open pickup address", { exclude: TOASTS });
  });

  test("recipients pass axe: the list, the dialog with its messages", async ({
    page,
    signIn,
    shop,
  }, info) => {
    const { userId } = await signIn();
    for (const recipient of [
      { fullName: "Смирнова Анна Сергеевна", phone: "+79161234567", email: "anna@example.ru" },
      { fullName: "Петров Иван Ильич", phone: "+79031112233", isDefault: true },
    ])
      await shop.services.recipients.create(userId, newRecipientInputSchema.parse(recipient));
    await page.goto("/personal/recipients");
    await waitForHydration(page);
    await expectTheme(page, info);
    const rows = page.getByRole("region", { name: "Ваши получатели" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("Основной");
    await expectAccessible(page, "the recipients list", { exclude: TOASTS });

    await page.getByRole("button", { name: "Добавить получателя" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый получатель" });
    await dialog.getByLabel("Email").fill("anna@");
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await expect(dialog.getByText(messages.email)).toBeVisible();
    await expect(dialog.getByText(messages.required)).toHaveCount(2);
    await expectAccessible(page, "the recipient dialog with a message", { exclude: TOASTS });
  });
});
