import type { Page, TestInfo } from "@playwright/test";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { scratchProduct } from "#tests/fixtures/order-data.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { phoneOfUser } from "#tests/fixtures/support-data.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";
import { smsTo } from "./support/test.ts";

/**
 * Questions about a product and «Сообщить о поступлении» (issue 22, point 5; ADR 066): a shopper asks on the
 * product page, an operator answers in /admin, the answer appears and texts the shopper; the section and a
 * sold-out product's button at both widths in both themes (@matrix).
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/questions-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

async function operatorId(shop: ShopServer): Promise<number> {
  const id = await userIdByPhone(shop.db, DEMO_STAFF.find((s) => s.role === "operator")!.phone);
  if (!id) throw new Error("the seed has no demo operator");
  return id;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The Q&A section, scrolled to (it loads when it comes near the screen). */
async function questionsSection(page: Page) {
  const section = page.getByTestId("questions");
  await section.scrollIntoViewIfNeeded();
  return section;
}

test("a shopper asks about a product, an operator answers in /admin, the answer appears and is texted", async ({
  shop,
  page,
  context,
  signIn,
}) => {
  // Three people's sessions and a job's SMS: a long walk on a busy machine.
  test.setTimeout(90_000);
  const product = await scratchProduct(shop.db, { stock: 5 });
  const shopper = await signIn({ name: "Ольга", surname: "Смирнова" });

  await open(page, `/product/${product.id}`);
  let section = await questionsSection(page);
  await expect(section.getByText("Вопросов пока нет")).toBeVisible();
  await section.getByLabel("Ваш вопрос").fill("Подойдёт ли <b>чехол</b> от прошлой модели?");
  await section.getByRole("button", { name: "Задать вопрос" }).click();
  const mine = section.getByRole("listitem").filter({ hasText: "Подойдёт ли <b>чехол</b>" });
  await expect(mine).toContainText("Ждёт ответа");
  await expect(mine).toContainText("Ольга С.");

  await context.clearCookies();
  await signIn({}, { userId: await operatorId(shop) });
  await open(page, "/admin/questions");
  const card = page.locator("article.ops-card").filter({ hasText: "Подойдёт ли <b>чехол</b>" });
  await expect(card).toContainText("Ждёт ответа");
  await card.getByLabel("Ответ", { exact: true }).fill("Да, размеры корпуса не изменились.");
  await card.getByRole("radio", { name: "Витрины" }).check();
  await card.getByRole("button", { name: "Ответить" }).click();
  await expect(page.getByText("Ответ опубликован")).toBeVisible();
  await expect(card).toHaveCount(0);

  // Anyone now reads the answer; the author no longer sees «Ждёт ответа».
  await context.clearCookies();
  await open(page, `/product/${product.id}`);
  section = await questionsSection(page);
  const answered = section.getByRole("listitem").filter({ hasText: "Подойдёт ли <b>чехол</b>" });
  await expect(answered).toContainText("Ответ Витрины");
  await expect(answered).toContainText("Да, размеры корпуса не изменились.");
  await signIn({}, { userId: shopper.userId });
  await open(page, `/product/${product.id}`);
  section = await questionsSection(page);
  await expect(answered.getByText("Ваш вопрос", { exact: true })).toBeVisible();
  await expect(section.getByText("Ждёт ответа")).toHaveCount(0);

  // The server's own job runner texts the author once.
  const phone = await phoneOfUser(shop.db, shopper.userId);
  await expect
    .poll(() => smsTo(shop, phone))
    .toEqual([
      expect.stringMatching(
        new RegExp(
          `^На ваш вопрос о товаре «Тестовый товар .+» ответили: http\\S+/product/${product.id}#questions$`,
        ),
      ),
    ]);
});

test("an operator hides a question with a reason: gone from the product, the author sees why", async ({
  shop,
  page,
  context,
  signIn,
}) => {
  test.setTimeout(60_000);
  const product = await scratchProduct(shop.db, { stock: 5 });
  const author = await createSession(shop.db, { user: { name: "Игорь", surname: "Павлов" } });
  await shop.services.questions.ask(author.userId, product.id, "Пишите в мессенджер, продам дешевле");

  await signIn({}, { userId: await operatorId(shop) });
  await open(page, "/admin/questions");
  const card = page.locator("article.ops-card").filter({ hasText: "Пишите в мессенджер" });
  await card.getByRole("button", { name: "Скрыть вопрос" }).click();
  // No reason, no hiding: the field says so and nothing is sent.
  await card.getByRole("button", { name: "Скрыть", exact: true }).click();
  await expect(card.getByText("Укажите причину")).toBeVisible();
  await card.getByRole("button", { name: "Реклама, ссылки или контакты" }).click();
  await card.getByRole("button", { name: "Скрыть", exact: true }).click();
  await expect(page.getByText("Вопрос скрыт")).toBeVisible();

  await context.clearCookies();
  await open(page, `/product/${product.id}`);
  let section = await questionsSection(page);
  await expect(section.getByText("Вопросов пока нет")).toBeVisible();
  await signIn({}, { userId: author.userId });
  await open(page, `/product/${product.id}`);
  section = await questionsSection(page);
  await expect(section).toContainText("Реклама, ссылки или контакты");
});

test("the questions and a sold-out product's «Сообщить о поступлении» in both themes @matrix", async ({
  shop,
  page,
  signIn,
}, info) => {
  // Two product pages, an axe audit and four screenshots: slow on a busy machine.
  test.setTimeout(90_000);
  const product = await scratchProduct(shop.db, { stock: 5 });
  const soldOut = await scratchProduct(shop.db, { stock: 0 });
  const staff = { userId: await operatorId(shop), label: "e2e", address: null };
  const other = await createSession(shop.db, { user: { name: "Игорь", surname: "Павлов" } });
  const asked = await shop.services.questions.ask(
    other.userId,
    product.id,
    "Какая ёмкость аккумулятора и сколько держит заряд при активном использовании?",
  );
  await shop.services.questions.answer(staff, asked.id, {
    text: "Аккумулятор 5000 мА·ч: день активного использования, два — в спокойном режиме.",
    as: "seller",
  });
  const shopper = await signIn({ name: "Ольга", surname: "Смирнова" });
  await shop.services.questions.ask(shopper.userId, product.id, "Есть ли в комплекте зарядное устройство?");

  await open(page, `/product/${product.id}`);
  await expectTheme(page, info);
  const section = await questionsSection(page);
  await expect(section.getByText("Ждёт ответа")).toBeVisible();
  await expect(section.getByText(/Ответ продавца/)).toBeVisible();
  await expectAccessible(page, "the questions", { include: "[data-testid=questions]" });
  await section.screenshot({ path: shot(info, "section") });

  await open(page, `/product/${soldOut.id}`);
  const notify = page.getByRole("button", { name: "Сообщить о поступлении" });
  await expect(notify).toBeVisible();
  await notify.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(info, "sold-out") });
  await notify.click();
  await expect(page.getByText("Сообщим о поступлении").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Отменить" })).toBeVisible();
  await page.screenshot({ path: shot(info, "sold-out-waiting") });
  await page.getByRole("button", { name: "Отменить" }).click();
  await expect(notify).toBeVisible();
});
