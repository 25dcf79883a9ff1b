import type { Page, TestInfo } from "@playwright/test";
import { createProduct } from "#tests/factories/products.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { pickupMap } from "./support/pickup-map.ts";

/**
 * «Оплата частями» (issue 22, point 2; ADR 062) as a shopper meets it, in both themes at 375 and 1280 px:
 * the monthly amount on the product page and in the basket, the method on the payment step («Халва 0 %»
 * first and chosen in halva), the bank's application at the stand-in acquirer, and thank-you saying how
 * the order was paid. The rules themselves are API and unit tests.
 */

test.describe.configure({ timeout: 90_000 });

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/installments-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

async function pickupFromMap(page: Page) {
  await page
    .locator("label", { hasText: "Пункт выдачи" })
    .filter({ has: page.locator("input[name=delivery-type]") })
    .click();
  const map = pickupMap(page);
  await expect(map.box).toHaveAttribute("data-status", "loaded");
  await map.zoomToPins();
  await map.pins.first().click();
  const card = page.getByRole("region", { name: /пункт выдачи|постамат/i });
  await card.getByRole("button", { name: "Заберу отсюда" }).click();
  await expect(page.getByText("Заказ приедет сюда")).toBeVisible();
}

test(
  "product → basket → payment «Оплата частями» with a term → the bank approves → thank-you says how it was paid",
  { tag: "@matrix" },
  async ({ page, signIn, shop }, info) => {
    const halva = themeOf(info) === "halva";
    // 11 940 ₽: 12 months at 995 ₽ on the card (24 would fall under 500 ₽ a month); 6 × 1 990 ₽ at payment.
    const product = await createProduct(shop.db, { stock: 5, price: 1_194_000, oldPrice: null });
    await signIn();
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    await expectTheme(page, info);
    const note = page.getByTestId("installment-note").first();
    await expect(note).toHaveText(`${halva ? "Халва 0 %" : "Частями"} от 995 ₽ × 12 мес`);
    await page
      .getByRole("button", { name: `В корзину: ${product.name}` })
      .first()
      .click();
    await expect(
      page.getByRole("button", { name: `Увеличить количество: ${product.name}` }).first(),
    ).toBeVisible();

    await page.goto("/basket");
    await waitForHydration(page);
    await expect(page.getByTestId("installment-note").locator("visible=true").first()).toContainText(
      "× 12 мес",
    );
    await page.getByRole("link", { name: "Оформить" }).locator("visible=true").first().click();
    await expect(page).toHaveURL(/\/checkout\/steps\/delivery$/);
    await waitForHydration(page);
    await pickupFromMap(page);
    await page.getByRole("button", { name: "Перейти к оплате" }).locator("visible=true").click();

    await expect(page).toHaveURL(/\/checkout\/steps\/payment\/\d+$/);
    await waitForHydration(page);
    const methods = page.getByRole("group", { name: "Как оплатить" }).getByRole("radio");
    const installments = page.getByRole("radio", {
      name: halva ? /^Халва 0\s% — 6 мес без переплаты/ : /^Оплата частями/,
    });
    if (halva) {
      // A Halva shop leads with Halva: first, and chosen from the start.
      await expect(methods.first()).toHaveAccessibleName(/^Халва 0\s% — 6 мес без переплаты/);
      await expect(installments).toBeChecked();
    } else {
      await expect(page.getByRole("radio", { name: /^Банковской картой/ })).toBeChecked();
      await installments.check();
    }
    const terms = page.getByRole("group", { name: "Срок" });
    await expect(terms.getByRole("radio", { name: "6 мес" })).toBeChecked();
    await expect(page.getByTestId("installment-plan")).toContainText("6 × 1 990 ₽");
    await terms.getByRole("radio", { name: "12 мес" }).check({ force: true });
    await expect(page.getByTestId("installment-plan")).toContainText("12 × 995 ₽");
    await page.screenshot({ path: shot(info, "payment-step"), fullPage: !isPhone(info) });
    await terms.getByRole("radio", { name: "6 мес" }).check({ force: true });
    await page
      .getByRole("button", { name: halva ? /^Оплатить Халвой 0\s%$/ : "Оплатить частями" })
      .locator("visible=true")
      .click();

    await expect(page).toHaveURL(/\/acquirer\//);
    await expect(page.getByRole("heading", { name: "Оплата частями" })).toBeVisible();
    await expect(page.getByText("6 × 1 990 ₽")).toBeVisible();
    await page.screenshot({ path: shot(info, "acquirer-application"), fullPage: !isPhone(info) });
    await page.getByRole("button", { name: "Банк одобрил — подписать договор" }).click();

    await expect(page).toHaveURL(/\/thank-you\?orderId=\d+$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Спасибо! Заказ оплачен" })).toBeVisible();
    await expect(page.getByText("Оплачено частями: 6 × 1 990 ₽").first()).toBeVisible();
    await page.screenshot({ path: shot(info, "thank-you"), fullPage: !isPhone(info) });
  },
);
