import { randomBytes } from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { createModelLine } from "#tests/factories/products.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { pickFromMap } from "./support/pickup-map.ts";

/**
 * The storefront's whole journey (issue 22) as a shopper meets it, in alfa at 375 and 1280 px and halva at 375 px:
 * «айфон» typed in the header → the results filtered and sorted → a product of a model line → its other
 * colour from the variant picker → «В корзину» (on a phone from the buy bar once the price box has scrolled
 * away) → «Оплата частями» at payment («Халва 0 %» first and chosen in halva) → the bank's application at
 * the stand-in acquirer → thank-you saying how the order was paid. The rules themselves are API and unit
 * tests; search, the picker, the bar and installments each have their own specs beside this one.
 */

test.describe.configure({ timeout: 120_000 });

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/journey-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

test(
  "«айфон» → filters and sort → a model line's other colour → buy → «Оплата частями» → thank-you",
  { tag: "@themes" },
  async ({ page, signIn, shop }, info) => {
    const halva = themeOf(info) === "halva";
    const phone = isPhone(info);
    // Two colours of one model at 11 940 ₽, cheaper than any seeded iPhone, so «Сначала дешёвые» puts them
    // first: 12 months at 995 ₽ on the page (24 would fall under 500 ₽ a month); 6 × 1 990 ₽ at payment.
    const model = `Смартфон Apple iPhone 16e 128 ГБ, серия ${randomBytes(3).toString("hex")}`;
    const [black, white] = await createModelLine(shop.db, {
      brand: "apple",
      category: "Смартфоны",
      name: model,
      colours: ["чёрный", "белый"],
      price: 1_194_000,
    });
    await signIn();

    // The header's search, as a shopper types it: a brand in Cyrillic.
    await page.goto("/");
    await waitForHydration(page);
    await expectTheme(page, info);
    const field = page.getByRole("combobox", { name: "Поиск по Витрине" }).locator("visible=true").first();
    await field.fill("айфон");
    await field.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты по запросу «айфон»");
    await waitForHydration(page);

    // Only what can be bought, cheapest first: the results' own filters and order, kept in the address.
    if (phone) {
      // On a phone the filters are a sheet under the «Фильтры» chip; the filter then has its own chip.
      await page.getByRole("button", { name: /^Фильтры/ }).click();
      const sheet = page.getByRole("dialog", { name: "Фильтры" });
      await sheet.getByRole("checkbox", { name: /^В наличии/ }).click();
      await expect(page).toHaveURL(/[?&]inStock=1/);
      await sheet.getByRole("button", { name: /^Показать \d+ товар/ }).click();
      await expect(sheet).toBeHidden();
      await expect(page.getByRole("button", { name: "Убрать фильтр «В наличии»" })).toBeVisible();
    } else {
      const filters = page.getByRole("complementary", { name: "Фильтры" });
      await filters.getByRole("checkbox", { name: /^В наличии/ }).click();
    }
    await expect(page).toHaveURL(/[?&]inStock=1/);
    await page.getByRole("combobox", { name: "Сортировка" }).selectOption({ label: "Сначала дешёвые" });
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    const cards = page.getByRole("list", { name: "Найденные товары" }).getByRole("article");
    await expect(cards.first()).toContainText("iPhone");
    const card = cards.filter({ hasText: `${model}, чёрный` });
    await expect(card).toBeVisible();
    await page.screenshot({ path: shot(info, "search-results") });
    await card.getByRole("link").first().click();

    // The product, and the same model in white one tap away.
    await expect(page).toHaveURL(`/product/${black!.id}`);
    await waitForHydration(page);
    const picker = page.getByTestId("variant-picker");
    await picker.getByRole("link", { name: /белый/ }).click();
    await expect(page).toHaveURL(`/product/${white!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${model}, белый`);
    await expect(picker.locator('[aria-current="true"]')).toContainText("белый");
    await expect(page.getByTestId("installment-note").first()).toHaveText(
      `${halva ? "Халва 0 %" : "Частями"} от 995 ₽ × 12 мес`,
    );
    const add = { name: `В корзину: ${white!.name}` };
    if (phone) {
      // On a phone the price and «В корзину» follow the shopper down the page.
      const bar = page.getByRole("region", { name: "Покупка" });
      await expect(bar).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(bar).toBeVisible();
      await page.screenshot({ path: shot(info, "buy-bar") });
      await bar.getByRole("button", add).click();
      await expect(bar.getByRole("status", { name: "В корзине: 1 шт." })).toBeVisible();
    } else {
      await page.getByRole("button", add).first().click();
      await expect(page.getByRole("status", { name: "В корзине: 1 шт." }).first()).toBeVisible();
    }

    await page.goto("/basket");
    await waitForHydration(page);
    await expect(page.getByTestId("installment-note").locator("visible=true").first()).toContainText(
      "× 12 мес",
    );
    await page.getByRole("link", { name: "Оформить" }).locator("visible=true").first().click();
    await expect(page).toHaveURL(/\/checkout\/steps\/delivery$/);
    await waitForHydration(page);
    await (await pickFromMap(page)).getByRole("button", { name: "Заберу отсюда" }).click();
    await expect(page.getByText("Заказ приедет сюда")).toBeVisible();
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
    await page.screenshot({ path: shot(info, "payment-step"), fullPage: !phone });
    await terms.getByRole("radio", { name: "6 мес" }).check({ force: true });
    await page
      .getByRole("button", { name: halva ? /^Оплатить Халвой 0\s%$/ : "Оплатить частями" })
      .locator("visible=true")
      .click();

    await expect(page).toHaveURL(/\/acquirer\//);
    await expect(page.getByRole("heading", { name: "Оплата частями" })).toBeVisible();
    await expect(page.getByText("6 × 1 990 ₽")).toBeVisible();
    await page.screenshot({ path: shot(info, "acquirer-application"), fullPage: !phone });
    await page.getByRole("button", { name: "Банк одобрил — подписать договор" }).click();

    await expect(page).toHaveURL(/\/thank-you\?orderId=\d+$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Спасибо! Заказ оплачен" })).toBeVisible();
    await expect(page.getByText("Оплачено частями: 6 × 1 990 ₽").first()).toBeVisible();
    await page.screenshot({ path: shot(info, "thank-you"), fullPage: !phone });
  },
);
