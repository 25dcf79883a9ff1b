import type { Page } from "@playwright/test";
import { DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { expect, expectTheme, test, waitForHydration } from "./fixtures.ts";

// Sign-in through the bank (issue 11 point 2, ADR 029): a signed-out shopper on a personal page goes to
// /auth, through the built-in bank's own login and consent pages, and back to that very page signed in.
// Runs in both themes at both widths (playwright.config.ts: BOTH_THEMES).

const PERSONAL = "/personal/orders?tab=completed";
const AUTH = `/auth?redirectTo=${encodeURIComponent(PERSONAL)}`;

// Each test meets the consent screen: consents given by earlier tests on this server are revoked, as the
// bank remembers them apart from its session (ADR 068).
test.beforeEach(async ({ shop }) => {
  for (const customer of DEMO_CUSTOMERS) await shop.services.bankStandIn!.revokeConsent(customer.sub);
});

async function throughBankLogin(page: Page, login: string, password: string) {
  await expect(page).toHaveURL(/\/bank\/interaction\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Вход в интернет-банк" })).toBeVisible();
  await expect(page.getByText("Банк — интернет-банк (демо)")).toBeVisible();
  await expect(page.getByLabel("Логин")).toBeFocused();
  await page.getByLabel("Логин").fill(login);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
}

test.describe("sign-in through the bank", () => {
  // The signed-out page's own check of the session answers 401 (the browser logs it).
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("signed out on /personal/orders?tab=completed → /auth → the bank → back there signed in", async ({
    page,
  }, info) => {
    await page.goto(PERSONAL);
    await expect(page).toHaveURL(AUTH);
    await expectTheme(page, info);
    await expect(page.getByRole("heading", { level: 2, name: "Через интернет-банк" })).toBeVisible();
    await expect(page.getByText("Рекомендуем")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "По номеру телефона" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Войти по номеру телефона" })).toHaveAttribute(
      "href",
      `/auth/mobile?redirectTo=${encodeURIComponent(PERSONAL)}`,
    );
    const bank = page.getByRole("link", { name: "Войти через интернет-банк" });
    await expect(bank).toHaveAttribute(
      "href",
      `/api/v1/auth/bank?redirectTo=${encodeURIComponent(PERSONAL)}`,
    );
    await bank.click();

    await throughBankLogin(page, "petrov", "demo1234");
    await expect(page.getByRole("heading", { level: 1, name: "Передать данные магазину?" })).toBeVisible();
    for (const item of ["ФИО", "Телефон", "Email"])
      await expect(page.getByText(item, { exact: true })).toBeVisible();
    await expect(page.getByText("Петров Дмитрий Алексеевич")).toBeVisible();
    await page.getByRole("button", { name: "Разрешить" }).click();

    await expect(page).toHaveURL(PERSONAL);
    await expectTheme(page, info);
    await expect(page.getByRole("heading", { level: 1, name: "Мои заказы" })).toBeVisible();
    const me = await page.request.get("/api/v1/user/me");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ phone: "+79035550102", surname: "Петров", name: "Дмитрий" });
  });

  test("a wrong password is refused on the bank's page; refusing consent lands on /auth saying so", async ({
    page,
  }) => {
    await page.goto(AUTH);
    await page.getByRole("link", { name: "Войти через интернет-банк" }).click();
    await throughBankLogin(page, "smirnova", "wrong-password");
    await expect(page.getByRole("alert")).toHaveText(
      "Неверный логин или пароль. Проверьте раскладку и Caps Lock",
    );
    await expect(page.getByLabel("Пароль")).toBeFocused();
    await expect(page.getByLabel("Логин")).toHaveValue("smirnova");

    await page.getByLabel("Пароль").fill("demo1234");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await page.getByRole("button", { name: "Отказаться" }).click();
    await expect(page).toHaveURL(`/auth?error=bank_denied&redirectTo=${encodeURIComponent(PERSONAL)}`);
    await expect(page.getByRole("alert").filter({ hasText: "Вы отказались от входа в банке" })).toHaveText(
      "Вы отказались от входа в банке. Войдите ещё раз или по номеру телефона",
    );
    expect((await page.request.get("/api/v1/user/me")).status()).toBe(401);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bank's way in is a plain link: the whole round trip works with scripts off", async ({ page }) => {
    await page.goto(PERSONAL);
    await expect(page).toHaveURL(AUTH);
    await page.getByRole("link", { name: "Войти через интернет-банк" }).click();
    await throughBankLogin(page, "kuznetsov", "demo1234");
    await page.getByRole("button", { name: "Разрешить" }).click();
    await expect(page).toHaveURL(PERSONAL);
    expect((await page.request.get("/api/v1/user/me")).status()).toBe(200);
  });
});

test("a signed-in shopper is not asked again by the bank within its session", async ({ page }) => {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Войти через интернет-банк" }).click();
  await throughBankLogin(page, "ivanova", "demo1234");
  const headerMe = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/user/me");
  await page.getByRole("button", { name: "Разрешить" }).click();
  await expect(page).toHaveURL("/");
  // Signed out of the shop, in again: the bank remembers the customer and the consent for a while. The
  // header's own /me call is let finish first, and the hint goes before the session, so no call of this
  // page is refused on the way.
  expect((await headerMe).status()).toBe(200);
  await waitForHydration(page);
  await page.context().clearCookies({ name: "signed_in" });
  await page.context().clearCookies({ name: "sid" });
  await page.goto(`/api/v1/auth/bank?redirectTo=${encodeURIComponent("/catalog")}`);
  await expect(page).toHaveURL("/catalog");
  expect((await page.request.get("/api/v1/user/me")).status()).toBe(200);
});
