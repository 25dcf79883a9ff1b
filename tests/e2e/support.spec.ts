import type { Page, TestInfo } from "@playwright/test";
import { SUPPORT_HOURS, SUPPORT_PHONE } from "#contract/support-info.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { answerSmsText } from "#server/domain/support/service.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { pngImage } from "#tests/fixtures/upload-data.ts";
import { expect, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";
import { smsTo } from "./support/test.ts";

/**
 * Support appeals (issue 21, point 3; ADR 058): a shopper writes, an operator answers in the back office,
 * the shopper sees the answer unread, then read, and replies.
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/support-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

async function operatorId(shop: ShopServer): Promise<number> {
  const phone = DEMO_STAFF.find((s) => s.role === "operator")!.phone;
  const id = await userIdByPhone(shop.db, phone);
  if (!id) throw new Error("the seed has no demo operator");
  return id;
}

/** A phone photo as the file picker hands it over. */
const photoFile = async (name: string) => ({ name, mimeType: "image/png", buffer: await pngImage(640, 480) });

/** The image has come from the server and decoded (not a broken picture). */
async function expectLoaded(image: import("@playwright/test").Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test("a shopper writes, an operator answers, the shopper reads it and replies", async ({
  shop,
  page,
  signIn,
}) => {
  // Two people, seven pages and a job's SMS: 34 s in the full run on two cores, past the 30 s default.
  test.slow();
  const shopper = await signIn({ name: "Анна" });
  await open(page, "/personal/support");
  await expect(page.getByText("Обращений пока нет")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Телефон поддержки" })).toContainText(SUPPORT_PHONE);
  await expect(page.locator("footer")).toContainText(SUPPORT_HOURS);

  await page.getByRole("button", { name: "Написать в поддержку" }).click();
  const form = page.getByRole("form", { name: "Новое обращение" });
  await expect(form.getByLabel("Тема")).toBeFocused();
  // Nothing chosen or typed: each field says what it needs.
  await form.getByRole("button", { name: "Отправить" }).click();
  await expect(form.getByText("Выберите тему обращения")).toBeVisible();
  await form.getByLabel("Тема").selectOption({ label: "Возврат товара" });
  await form.getByLabel("Фамилия и имя").fill("Anna Petrova");
  await form.getByLabel("Сообщение").fill("Пришла не та модель наушников.\nКак вернуть?");
  await form.getByRole("button", { name: "Отправить" }).click();
  await expect(form.getByText("Введите фамилию и имя на русском языке")).toBeVisible();
  await form.getByLabel("Фамилия и имя").fill("Петрова Анна");
  await form.getByLabel("Добавить фото").setInputFiles(await photoFile("model.png"));
  await expectLoaded(form.getByRole("img", { name: "Фото 1" }));
  await form.getByRole("button", { name: "Отправить" }).click();

  await expect(page).toHaveURL(/\/personal\/support\/status\?id=\d+$/);
  const appealId = Number(new URL(page.url()).searchParams.get("id"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Обращение № ${appealId}`);
  await expect(page.getByText("Ждёт ответа")).toBeVisible();
  await expect(page.getByRole("list", { name: "Переписка" })).toContainText("Как вернуть?");
  await expectLoaded(page.getByRole("list", { name: "Переписка" }).getByRole("img", { name: "Фото 1" }));

  // The operator finds it among the unassigned, takes it and answers.
  await signIn({}, { userId: await operatorId(shop) });
  await open(page, "/admin/support?assigned=none");
  await page.getByRole("link", { name: `№ ${appealId} · Возврат товара` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Обращение № ${appealId}`);
  // The operator sees the shopper's photo.
  await expectLoaded(page.getByRole("img", { name: "Фото 1" }));
  await page.getByRole("button", { name: "Взять себе" }).click();
  await expect(page.getByRole("complementary", { name: "Обращение" })).toContainText("Исполнитель");
  await expect(page.getByRole("button", { name: "Взять себе" })).toHaveCount(0);
  await page
    .getByRole("textbox", { name: "Ответ покупателю" })
    .fill("Оформите возврат из карточки заказа, курьер заберёт товар.");
  await page.getByRole("button", { name: "Ответить" }).click();
  await expect(page.getByText("Отвечено")).toBeVisible();
  await expect(page.getByText("не прочитано")).toBeVisible();
  // One SMS tells the shopper (the server's job sends it).
  await expect.poll(() => smsTo(shop, shopper.phone)).toEqual([answerSmsText(appealId)]);

  // The shopper sees the answer marked, in the list and in the conversation; once seen, not any more.
  await signIn({}, { userId: shopper.userId });
  await open(page, "/personal/support");
  const item = page.getByRole("link", { name: new RegExp(`Обращение № ${appealId}`) });
  await expect(item.getByTestId("appeal-unread")).toHaveText("Новый ответ");
  await expect(item).toContainText("Есть ответ");
  await item.click();
  await expect(page.getByTestId("message-unread")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Переписка" })).toContainText("курьер заберёт товар");
  await page.getByRole("link", { name: "← Все обращения" }).click();
  await expect(page.getByRole("link", { name: new RegExp(`Обращение № ${appealId}`) })).toBeVisible();
  await expect(page.getByTestId("appeal-unread")).toHaveCount(0);
  await open(page, `/personal/support/status?id=${appealId}`);
  await expect(page.getByTestId("message-unread")).toHaveCount(0);

  // The reply goes under the answer and the appeal waits for support again.
  await page.getByLabel("Ваш ответ").fill("Спасибо, оформила.");
  await page.getByRole("button", { name: "Отправить" }).click();
  const thread = page.getByTestId("support-message");
  await expect(thread).toHaveCount(3);
  await expect(thread.last()).toContainText("Спасибо, оформила.");
  await expect(page.getByText("Ждёт ответа")).toBeVisible();

  // Another shopper's appeal is not found, and nothing of it shows.
  await signIn();
  await open(page, `/personal/support/status?id=${appealId}`);
  await expect(page.getByText("Обращение не найдено")).toBeVisible();
  await expect(page.getByText("Спасибо, оформила.")).toHaveCount(0);
});

test("the support pages at each width and theme @matrix", async ({ shop, page, signIn }, info) => {
  const shopper = await signIn({ name: "Анна" });
  const { support } = shop.services;
  const staff = { userId: await operatorId(shop), label: "e2e", address: null };
  const answered = await support.create(shopper.userId, {
    category: "order_delivery",
    fullName: "Петрова Анна",
    text: "Курьер не приехал в выбранный интервал, заказ всё ещё в пути. Подскажите, когда ждать?",
  });
  await support.answer(staff, answered.id, "Курьер приедет завтра с 10:00 до 14:00. Простите за задержку!");
  await support.create(shopper.userId, {
    category: "payment_refund",
    fullName: "Петрова Анна",
    text: "Деньги за отменённый заказ ещё не вернулись.",
  });
  const fullPage = !isPhone(info);

  await open(page, "/personal/support");
  await expect(page.getByTestId("appeal-unread")).toHaveCount(1);
  await expectAccessible(page, "the appeals");
  await page.screenshot({ path: shot(info, "list"), fullPage });

  await page.getByRole("button", { name: "Написать в поддержку" }).click();
  const form = page.getByRole("form", { name: "Новое обращение" });
  await form.getByLabel("Фамилия и имя").fill("Anna");
  await form
    .getByLabel("Добавить фото")
    .setInputFiles([await photoFile("one.png"), await photoFile("two.png")]);
  await expectLoaded(form.getByRole("img", { name: "Фото 2" }));
  await form.getByRole("button", { name: "Отправить" }).click();
  await expect(page.getByText("Введите фамилию и имя на русском языке")).toBeVisible();
  await expectAccessible(page, "the new appeal form");
  await page.screenshot({ path: shot(info, "form"), fullPage });

  await open(page, `/personal/support/status?id=${answered.id}`);
  await expect(page.getByTestId("message-unread")).toHaveCount(1);
  await expectAccessible(page, "the conversation");
  await page.screenshot({ path: shot(info, "conversation"), fullPage });

  await signIn({}, { userId: staff.userId });
  await open(page, "/admin/support?status=all");
  await expect(page.getByRole("link", { name: new RegExp(`№ ${answered.id} `) })).toBeVisible();
  await page.screenshot({ path: shot(info, "admin-queue"), fullPage });
  await open(page, `/admin/support/${answered.id}`);
  await expect(page.getByRole("textbox", { name: "Ответ покупателю" })).toBeVisible();
  await expectAccessible(page, "the operator's appeal screen");
  await page.screenshot({ path: shot(info, "admin-appeal"), fullPage });
});
