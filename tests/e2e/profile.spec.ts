import type { Browser, Page } from "@playwright/test";
import { expect, expectTheme, test, waitForHydration } from "./fixtures.ts";
import type { ShopServer } from "./support/shop-server.ts";
import { smsTo } from "./support/test.ts";

// The profile page (issue 11 point 6): the spec's validation messages verbatim under the fields, a save
// that shows its toast and survives a reload, the phone changed by an SMS code, and the devices list with
// sign-out of the others. Nothing here differs by theme or width: once, in alfa at 1280 px.

const REQUIRED = "Поле обязательно к заполнению";
const CYRILLIC = "В поле должна использоваться только кириллица";
const EMAIL = "Неверный формат email";
const PHONE = "Заполните номер телефона полностью";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function openProfile(page: Page) {
  await page.goto("/personal/profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Профиль" })).toBeVisible();
}

/**
 * Collects the page's CSP violations from its first script on: the form's schema library must not trip the
 * page CSP (no 'unsafe-eval': zod runs jitless).
 */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

async function expectNoCspViolations(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
}

/**
 * Signs the same shopper in on «another device»: an iPhone's browser context with a session of its own,
 * started by the server's identity service as a sign-in from that iPhone would be (its browser and address
 * are what the devices list shows).
 */
async function secondDevice(browser: Browser, shop: ShopServer, userId: number, ip: string) {
  const context = await browser.newContext({ baseURL: shop.origin, userAgent: IPHONE_UA });
  const { token } = await shop.services.identity.startSession(userId, { userAgent: IPHONE_UA, ip });
  await context.addCookies([
    { name: "sid", value: token, url: shop.origin, httpOnly: true, sameSite: "Lax" },
  ]);
  return context;
}

test.describe("the profile page", () => {
  // A field's own 400 (the server's check, mocked below) is reported by the browser as a console error.
  test.use({ allowedConsoleErrors: /status of 400/ });
  // The phone change asks for SMS codes: a client of its own for the per-address limit on them.
  test.use({ ownClientAddress: true });

  test("shows every validation message under its field, as it is left and on sending", async ({
    page,
    signIn,
  }, info) => {
    await watchCsp(page);
    await signIn({ surname: "Смирнова", name: "Анна", patronymic: "Сергеевна", email: null });
    await openProfile(page);
    await expectTheme(page, info);
    const personal = page.getByRole("region", { name: "Личные данные" });
    const surname = page.getByLabel("Фамилия");
    const name = page.getByLabel("Имя", { exact: true });
    const patronymic = page.getByLabel("Отчество");
    const email = page.getByLabel("Email");
    const save = page.getByRole("button", { name: "Сохранить" });
    await expect(surname).toHaveValue("Смирнова");
    await expect(name).toHaveValue("Анна");
    await expect(patronymic).toHaveValue("Сергеевна");
    await expect(email).toHaveValue("");
    await expect(page.getByLabel("Телефон")).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
    // Nothing changed yet: nothing to save.
    await expect(save).toBeDisabled();

    // Messages come when a field is left…
    await surname.fill("");
    await surname.blur();
    await expect(surname).toHaveAccessibleDescription(REQUIRED);
    await expect(surname).toHaveAttribute("aria-invalid", "true");
    await name.fill("Anna");
    await name.blur();
    await expect(name).toHaveAccessibleDescription(CYRILLIC);
    await patronymic.fill("Sergeevna");
    await email.fill("anna@");
    await email.blur();
    await expect(email).toHaveAccessibleDescription(EMAIL);
    // …and every one on sending, with the first faulty field focused and nothing sent.
    let puts = 0;
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().endsWith("/api/v1/user/profile")) puts++;
    });
    await save.click();
    await expect(patronymic).toHaveAccessibleDescription(CYRILLIC);
    for (const message of [REQUIRED, CYRILLIC, EMAIL]) {
      await expect(personal.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();
    }
    await expect(surname).toBeFocused();
    expect(puts).toBe(0);

    // Then they follow the typing and go once the value is right.
    await surname.fill("Иванова-Петрова");
    await expect(surname).not.toHaveAttribute("aria-invalid");
    await name.fill("Мария");
    await patronymic.fill("");
    await expect(patronymic).toHaveAccessibleDescription("Если есть");
    await email.fill("maria@example.ru");
    await expect(personal.getByRole("alert")).toHaveCount(0);
    await expectNoCspViolations(page);
  });

  test("a save is busy while it runs, shows its toast and survives a reload", async ({ page, signIn }) => {
    await watchCsp(page);
    await signIn({ surname: "Смирнова", name: "Анна", patronymic: "Сергеевна", email: null });
    await openProfile(page);
    const surname = page.getByLabel("Фамилия");
    const name = page.getByLabel("Имя", { exact: true });
    const patronymic = page.getByLabel("Отчество");
    const email = page.getByLabel("Email");
    const save = page.getByRole("button", { name: "Сохранить" });
    await surname.fill("Иванова-Петрова");
    await name.fill("Мария");
    await patronymic.fill("");
    await email.fill("maria@example.ru");

    // While saving, the button is busy and disabled.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/user/profile", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    });
    await save.click();
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByText("Профиль сохранён")).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(save).not.toHaveAttribute("aria-busy");
    await page.unroute("**/api/v1/user/profile");
    await expectNoCspViolations(page);

    await page.reload();
    await waitForHydration(page);
    await expect(surname).toHaveValue("Иванова-Петрова");
    await expect(name).toHaveValue("Мария");
    await expect(patronymic).toHaveValue("");
    await expect(email).toHaveValue("maria@example.ru");
  });

  test("puts the server's message on the field it names", async ({ page, signIn }) => {
    await signIn();
    await openProfile(page);
    // A rule only the server knows (the browser's schema is the same one) still lands under its field.
    await page.route("**/api/v1/user/profile", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 400,
            json: {
              status: 400,
              code: "invalid_parameters",
              type: "validation",
              message: "Некорректные параметры запроса",
              fields: [{ field: "body.email", message: "Этот адрес не принимает почту" }],
            },
          })
        : route.continue(),
    );
    const email = page.getByLabel("Email");
    await email.fill("someone@example.ru");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(email).toHaveAccessibleDescription("Этот адрес не принимает почту");
    await expect(email).toBeFocused();
  });

  test("the new number's dialog says what is wrong: nothing typed, too short, the current number", async ({
    page,
    signIn,
  }) => {
    const { phone: oldPhone } = await signIn();
    await openProfile(page);
    await page.getByRole("button", { name: "Изменить" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый номер телефона" });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel("Новый номер");
    const getCode = dialog.getByRole("button", { name: "Получить код" });
    // The dialog opens on its field, with no message before anything was tried.
    await expect(field).toBeFocused();
    await expect(field).not.toHaveAttribute("aria-invalid");

    await getCode.click();
    await expect(field).toHaveAccessibleDescription(REQUIRED);
    await field.pressSequentially("912345");
    await getCode.click();
    await expect(field).toHaveAccessibleDescription(PHONE);
    // The account's own number is not a change.
    await field.fill("");
    await field.pressSequentially(oldPhone.slice(2));
    await getCode.click();
    await expect(field).toHaveAccessibleDescription("Это ваш текущий номер");
  });

  test("changes the phone with the code texted to the new number", async ({ page, signIn, shop }) => {
    await signIn();
    await openProfile(page);
    await page.getByRole("button", { name: "Изменить" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый номер телефона" });
    const field = dialog.getByLabel("Новый номер");
    const getCode = dialog.getByRole("button", { name: "Получить код" });
    // A number of its own, so no other test's cooldown or per-phone limit meets this one.
    const national = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    await field.pressSequentially(national);
    await getCode.click();
    const codeDialog = page.getByRole("dialog", { name: "Введите код из СМС" });
    await expect(codeDialog).toBeVisible();
    const [text] = await smsTo(shop, `+7${national}`);
    expect(text).toMatch(/^Код для смены номера в Витрине: \d{6}\./);
    const code = /\d{6}/.exec(text!)![0];
    const codeField = codeDialog.getByLabel("Код из СМС");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    // A wrong code is refused under the field; the right one, typed whole, is sent by itself.
    await codeField.pressSequentially(code === "000000" ? "111111" : "000000");
    await expect(codeField).toHaveAccessibleDescription(/^Неверный код\. Осталось 4 попытки$/);
    await codeField.pressSequentially(code);
    await expect(page.getByText("Номер телефона изменён")).toBeVisible();
    await expect(codeDialog).toBeHidden();
    const shown = `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
    await expect(page.getByLabel("Телефон")).toHaveValue(shown);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Телефон")).toHaveValue(shown);
  });

  test("lists this device and the others, signs one out, then all the others", async ({
    page,
    signIn,
    browser,
    shop,
  }) => {
    const { userId } = await signIn();
    const first = await secondDevice(browser, shop, userId, "198.51.100.7");
    const second = await secondDevice(browser, shop, userId, "198.51.100.8");
    await openProfile(page);
    const list = page.getByRole("list", { name: "Устройства, на которых выполнен вход" });
    const rows = list.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    // This browser first, marked.
    await expect(rows.first()).toContainText("Это устройство");
    await expect(rows.first()).toContainText("Активно сейчас");
    await expect(rows.filter({ hasText: "Это устройство" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Safari, iPhone" })).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(/Активно (только что|\d+ минут[уы]? назад)/);
    await expect(rows.nth(1)).toContainText(/IP \d/);

    // One device.
    await page.getByRole("button", { name: "Выйти на устройстве Safari, iPhone" }).first().click();
    await expect(page.getByText("Сеанс завершён")).toBeVisible();
    await expect(rows).toHaveCount(2);
    const statuses = [
      (await first.request.get("/api/v1/user/me")).status(),
      (await second.request.get("/api/v1/user/me")).status(),
    ].sort();
    expect(statuses).toEqual([200, 401]);

    // All the others, after a confirmation.
    await page.getByRole("button", { name: "Выйти на других устройствах" }).click();
    const confirm = page.getByRole("dialog", { name: "Выйти на других устройствах?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Выйти", exact: true }).click();
    await expect(page.getByText("Вы вышли на других устройствах")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText("Других устройств с входом нет.")).toBeVisible();
    expect((await first.request.get("/api/v1/user/me")).status()).toBe(401);
    expect((await second.request.get("/api/v1/user/me")).status()).toBe(401);
    // This browser is still signed in.
    expect((await page.request.get("/api/v1/user/me")).status()).toBe(200);
    await first.close();
    await second.close();
  });
});
