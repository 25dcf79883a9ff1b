import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { buildReceipt } from "#server/domain/payments/receipt.ts";
import { tbankReceipt } from "#server/domain/payments/tbank.ts";
import { signed } from "#server/domain/payments/tbank-token.ts";
import { STAND_IN_CARDS } from "#tests/fixtures/acquirer-stand-in.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

// The stand-in acquirer's hosted pages (issue 12 point 5, ADR 037): the card form, the 3-D Secure step,
// SBP, field errors; a payment made by calling the stand-in's Init directly. The pages are the acquirer's,
// not the shop's (no theme): the tests that check a page's layout (axe, screenshots, no overflow) run at 375
// and 1280 px (@widths) in one theme; the page without JavaScript once. Screenshots under
// test-results/screenshots/.

const width = (info: TestInfo) => (info.project.name.startsWith("mobile") ? 375 : 1280);
const shot = (info: TestInfo, name: string) => `test-results/screenshots/acquirer-${name}-${width(info)}.png`;

let seq = 0;

/**
 * Registers a payment of `amount` kopecks with a signed Init, as a shop would (with the terminal's
 * credentials from the worker's server); its PaymentURL.
 */
async function initPayment(request: APIRequestContext, shop: ShopServer, amount: number, extra: object = {}) {
  const baseURL = shop.origin;
  const { terminalKey, password } = await shop.services.acquirerStandIn!.credentials();
  const orderId = `E2E-${Date.now().toString(36)}-${++seq}-${Math.floor(Math.random() * 1e6)}`;
  const body = signed(
    {
      TerminalKey: terminalKey,
      Amount: amount,
      OrderId: orderId,
      Description: "Заказ в Витрине",
      SuccessURL: `${baseURL}/?result=success`,
      FailURL: `${baseURL}/?result=fail`,
      // The terminal has T-Bank's online cash register: no Init without its 54-FZ receipt (ADR 050).
      Receipt: tbankReceipt(
        buildReceipt({
          goods: [{ name: "Чайник", price: amount, quantity: 1 }],
          deliveries: [],
          amount,
          taxation: "osn",
          contact: { email: "anna.ivanova@example.ru" },
        }),
      ),
      ...extra,
    },
    password,
  );
  const response = await request.post("/acquirer/v2/Init", { data: body });
  const answer = (await response.json()) as { Success: boolean; PaymentURL: string; PaymentId: string };
  expect(answer.Success).toBe(true);
  const state = async () => {
    const r = await request.post("/acquirer/v2/GetState", {
      data: signed({ TerminalKey: terminalKey, PaymentId: answer.PaymentId }, password),
    });
    return ((await r.json()) as { Status: string }).Status;
  };
  return { paymentUrl: answer.PaymentURL, state };
}

async function fillCard(page: Page, pan: string, expiry = "12/30", cvc = "123") {
  await page.getByLabel("Номер карты").fill(pan);
  await page.getByLabel("Срок действия").fill(expiry);
  await page.getByLabel("CVC").fill(cvc);
}

test.describe("the stand-in acquirer's payment page", () => {
  test(
    "pays with the success card and lands on SuccessURL",
    { tag: "@widths" },
    async ({ page, request, shop }, info) => {
      const payment = await initPayment(request, shop, 123_456);
      await page.goto(payment.paymentUrl);
      await expect(page.getByText("Тестовая среда — деньги не списываются")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Оплата картой" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Картой" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("table")).toContainText("4300 0000 0000 0777");
      await expectAccessible(page, "the payment page", { strict: true });
      await page.screenshot({ path: shot(info, "card"), fullPage: true });
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width(info),
      );

      await fillCard(page, "4300 0000 0000 0777");
      await page.getByRole("button", { name: "Оплатить 1 234,56 ₽" }).click();
      await expect(page).toHaveURL(/\/\?result=success$/);
      expect(await payment.state()).toBe("CONFIRMED");
    },
  );

  test(
    "shows the field errors in Russian and takes the corrected card",
    { tag: "@widths" },
    async ({ page, request, shop }, info) => {
      const payment = await initPayment(request, shop, 50_000);
      await page.goto(payment.paymentUrl);
      await fillCard(page, "4300 0000 0000 0778", "01/20", "12");
      await page.getByRole("button", { name: /^Оплатить/ }).click();
      const summary = page.getByRole("alert");
      await expect(summary).toContainText("Проверьте данные карты");
      await expect(summary).toContainText("Номер карты введён с ошибкой — проверьте цифры");
      await expect(summary).toContainText("Срок действия карты истёк");
      await expect(summary).toContainText("CVC — три цифры с обратной стороны карты");
      await expect(page.getByLabel("Номер карты")).toBeFocused();
      await expect(page.getByLabel("Номер карты")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("CVC")).toHaveValue("");
      await expectAccessible(page, "the payment page", { strict: true });
      await page.screenshot({ path: shot(info, "card-errors"), fullPage: true });

      await fillCard(page, STAND_IN_CARDS.declined);
      await page.getByRole("button", { name: /^Оплатить/ }).click();
      await expect(page).toHaveURL(/\/\?result=fail$/);
      expect(await payment.state()).toBe("REJECTED");
      // Back on the payment page: it says what happened.
      await page.goto(payment.paymentUrl);
      await expect(page.getByRole("heading", { level: 1, name: "Оплата не прошла" })).toBeVisible();
      await expect(page.getByText("Банк, выпустивший карту, отклонил операцию.")).toBeVisible();
      await page.screenshot({ path: shot(info, "declined"), fullPage: true });
    },
  );

  test(
    "asks for the 3-D Secure code: a wrong one is refused, 1234 pays",
    { tag: "@widths" },
    async ({ page, request, shop }, info) => {
      const payment = await initPayment(request, shop, 99_900);
      await page.goto(payment.paymentUrl);
      await fillCard(page, "2200 0000 0000 0004");
      await page.getByRole("button", { name: /^Оплатить/ }).click();
      await expect(page).toHaveURL(/\/3ds$/);
      await expect(page.getByRole("heading", { level: 1, name: "Подтвердите покупку" })).toBeVisible();
      await expect(page.getByText("Тестовая среда — деньги не списываются")).toBeVisible();
      await expect(page.getByLabel("Код из SMS")).toBeFocused();
      expect(await payment.state()).toBe("3DS_CHECKING");
      await expectAccessible(page, "the payment page", { strict: true });
      await page.screenshot({ path: shot(info, "3ds"), fullPage: true });

      await page.getByLabel("Код из SMS").fill("0000");
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expect(page.getByRole("alert")).toHaveText("Неверный код. Осталось попыток: 2");
      await page.screenshot({ path: shot(info, "3ds-wrong"), fullPage: true });
      await page.getByLabel("Код из SMS").fill("1234");
      await page.getByRole("button", { name: "Подтвердить" }).click();
      await expect(page).toHaveURL(/\/\?result=success$/);
      expect(await payment.state()).toBe("CONFIRMED");
    },
  );

  test(
    "SBP shows a QR code and the test buttons of the bank app",
    { tag: "@widths" },
    async ({ page, request, shop }, info) => {
      const payment = await initPayment(request, shop, 250_000, { DATA: { QR: "true" } });
      await page.goto(payment.paymentUrl);
      await expect(page.getByRole("heading", { level: 1, name: "Оплата через СБП" })).toBeVisible();
      await expect(page.getByRole("img", { name: "QR-код для оплаты 2 500 ₽ через СБП" })).toBeVisible();
      await expectAccessible(page, "the payment page", { strict: true });
      await page.screenshot({ path: shot(info, "sbp"), fullPage: true });
      await page.getByRole("button", { name: "Оплатить в приложении банка — успешно" }).click();
      await expect(page).toHaveURL(/\/\?result=success$/);
      expect(await payment.state()).toBe("CONFIRMED");
    },
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the card form and the 3-D Secure step still pay", async ({ page, request, shop }) => {
    const payment = await initPayment(request, shop, 10_000);
    await page.goto(payment.paymentUrl);
    await fillCard(page, "2200 0000 0000 0004");
    await page.getByRole("button", { name: "Оплатить 100 ₽" }).click();
    await page.getByLabel("Код из SMS").fill("1234");
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page).toHaveURL(/\/\?result=success$/);
    expect(await payment.state()).toBe("CONFIRMED");
  });
});
