import type { Page, TestInfo } from "@playwright/test";
import { createProduct } from "#tests/factories/products.ts";
import { STAND_IN_CARDS } from "#tests/fixtures/acquirer-stand-in.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { pickFromMap } from "./support/pickup-map.ts";
import { signInContext } from "./support/test.ts";

/**
 * The whole way from a product to a paid order (issue 12, "Done when"), at 375 and 1280 px in both themes:
 * product → basket → sign-in → courier with a suggested address and a window → card with 3-D Secure →
 * thank-you; pickup from the map and the list → points and card → thank-you; a declined card → fail → pay
 * again → thank-you. The acquirer is the built-in stand-in, reached through its own pages.
 */

// Each journey walks five pages and the acquirer's own.
test.describe.configure({ timeout: 90_000 });

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/buy-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

interface ListedProduct {
  id: number;
  name: string;
  state: string;
  price: number;
}

/** An in-stock product costing at least `minPrice` kopecks (to leave part of it for the card after points). */
async function aProduct(page: Page, minPrice = 0): Promise<ListedProduct> {
  const listing = (await (await page.request.get("/api/v1/products?limit=80&sort=popular")).json()) as {
    items: ListedProduct[];
  };
  // A different product per test and project keeps the parallel journeys' stock apart.
  const buyable = listing.items.filter((p) => p.state === "in_stock" && p.price >= minPrice);
  return buyable[Math.floor(Math.random() * buyable.length)]!;
}

function goToPayment(page: Page) {
  return page.getByRole("button", { name: "Перейти к оплате" }).locator("visible=true");
}

function payButton(page: Page) {
  return page.getByRole("button", { name: /^Оплатить .*₽$/ }).locator("visible=true");
}

async function fillCard(page: Page, pan: string) {
  await expect(page.getByText("Тестовая среда — деньги не списываются")).toBeVisible();
  await page.getByLabel("Номер карты").fill(pan);
  await page.getByLabel("Срок действия").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Оплатить/ }).click();
}

async function expectThankYou(page: Page) {
  await expect(page).toHaveURL(/\/thank-you\?orderId=\d+$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Спасибо! Заказ оплачен" })).toBeVisible();
  await expect(page.getByText(/Заказ № \d{4}-\d{4}/).first()).toBeVisible();
}

// The one full purchase journey walked in both themes at both widths (docs/testing.md); the others once.
test(
  "product → basket → sign in → courier with a suggested address and a window → card with 3-D Secure → thank-you",
  { tag: "@matrix" },
  async ({ page, signIn }, info) => {
    const product = await aProduct(page);
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    await expectTheme(page, info);
    await page
      .getByRole("button", { name: `В корзину: ${product.name}` })
      .first()
      .click();
    await expect(
      page.getByRole("button", { name: `Увеличить количество: ${product.name}` }).first(),
    ).toBeVisible();

    await page.goto("/basket");
    await waitForHydration(page);
    await expect(page.getByRole("checkbox", { name: /^Выбрать: / })).toHaveCount(1);
    await page.getByRole("link", { name: "Оформить" }).locator("visible=true").first().click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout%2Fsteps%2Fdelivery$/);
    // Signing in keeps the visitor's basket (it joins the account's).
    await signIn();
    await page.goto("/checkout/steps/delivery");
    await waitForHydration(page);

    const street = page.getByRole("combobox", { name: "Улица и дом" });
    await street.fill("Ленин");
    const options = page.getByRole("listbox", { name: "Подсказки адресов" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    await options.first().click();
    await street.pressSequentially("1");
    await options
      .filter({ has: page.getByText(/д 1$/) })
      .first()
      .click();
    await expect(street).toHaveValue(/д 1$/);
    await page.getByLabel("Квартира").fill("7");
    await page.getByRole("button", { name: "Доставить сюда" }).click();
    const windows = page.getByRole("group", { name: "Время доставки" }).getByRole("radio");
    await expect(windows.first()).toBeChecked();
    await windows.nth(2).check({ force: true });
    await goToPayment(page).click();

    await expect(page).toHaveURL(/\/checkout\/steps\/payment\/\d+$/);
    await waitForHydration(page);
    // The halva theme leads with «Халва 0 %» (ADR 062): this journey pays by card.
    await page.getByRole("radio", { name: /^Банковской картой/ }).check({ force: true });
    await payButton(page).click();
    await expect(page).toHaveURL(/\/acquirer\//);
    await page.screenshot({ path: shot(info, "acquirer-card"), fullPage: !isPhone(info) });
    await fillCard(page, STAND_IN_CARDS.threeDs);
    await expect(page.getByLabel("Код из SMS")).toBeVisible();
    await page.getByLabel("Код из SMS").fill("1234");
    await page.getByRole("button", { name: "Подтвердить" }).click();

    await expectThankYou(page);
    await expect(page.getByText(/Оплачено картой/).first()).toBeVisible();
    await expect(page.getByText(/Доставим/).first()).toBeVisible();
    await page.screenshot({ path: shot(info, "thank-you-courier"), fullPage: !isPhone(info) });

    // The basket keeps only what was not bought; the account lists the order.
    await page.goto("/basket");
    await expect(page.getByText("В корзине пока пусто")).toBeVisible();
    await page.goto("/personal/orders");
    await expect(page.getByRole("link", { name: /Заказ № \d{4}-\d{4}/ })).toHaveCount(1);
    await expect(page.getByText("Оплачен").first()).toBeVisible();
    await page.screenshot({ path: shot(info, "orders"), fullPage: !isPhone(info) });
  },
);

test("pickup chosen on the map and in the list → points and card → thank-you", async ({
  page,
  signIn,
  baseURL,
}, info) => {
  await signIn({}, { points: 3_000 });
  // Dearer than the 200 points spent below, or the points would pay it all and there would be no card.
  const product = await aProduct(page, 500_00);
  const added = await page.request.post("/api/v1/basket/lines", {
    headers: { origin: baseURL ?? "" },
    data: { intent: "add", productId: product.id },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto("/checkout/steps/delivery");
  await waitForHydration(page);

  const card = await pickFromMap(page);
  // The list holds the same points: the one chosen on the map is marked there; another is chosen in it.
  const list = page.getByRole("list", { name: "Пункты выдачи" });
  await list.getByRole("button").nth(1).click();
  await expect(list.getByRole("button").nth(1)).toHaveAttribute("aria-pressed", "true");
  await card.getByRole("button", { name: "Заберу отсюда" }).click();
  await expect(page.getByText("Заказ приедет сюда")).toBeVisible();
  await goToPayment(page).click();

  await expect(page).toHaveURL(/\/checkout\/steps\/payment\/\d+$/);
  await waitForHydration(page);
  const bonus = page.getByRole("region", { name: "Списать баллы" });
  await expect(bonus).toContainText("На счёте 3");
  await bonus.getByRole("switch").check();
  const field = bonus.getByRole("textbox", { name: "Сколько баллов списать" });
  // Part with points, the rest by card.
  await field.fill("200");
  await page.screenshot({ path: shot(info, "payment-points"), fullPage: !isPhone(info) });
  await payButton(page).click();
  await expect(page).toHaveURL(/\/acquirer\//);
  await fillCard(page, STAND_IN_CARDS.success);

  await expectThankYou(page);
  await expect(page.getByText(/Оплачено картой .* и 200 баллов/)).toBeVisible();
  await expect(page.getByText("Пункт выдачи").first()).toBeVisible();
  await page.screenshot({ path: shot(info, "thank-you-pickup"), fullPage: !isPhone(info) });
  const balance = (await (await page.request.get("/api/v1/user/bonus")).json()) as { balance: number };
  expect(balance.balance).toBe(2_800);
});

test("a declined card → fail → pay again → thank-you", async ({ page, signIn, baseURL }, info) => {
  // As inside the app: the page tells the app how the payment ended (ADR 007).
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    Object.assign(window, {
      __sentToApp: sent,
      ReactNativeWebView: { postMessage: (message: string) => sent.push(JSON.parse(message)) },
    });
  });
  const sentToApp = () =>
    page.evaluate(() =>
      ((window as unknown as { __sentToApp: { type: string; status?: string }[] }).__sentToApp ?? []).filter(
        (m) => m.type === "payment-result",
      ),
    );
  await signIn();
  const product = await aProduct(page);
  await page.request.post("/api/v1/basket/lines", {
    headers: { origin: baseURL ?? "" },
    data: { intent: "add", productId: product.id },
  });
  await page.goto("/checkout/steps/delivery");
  await waitForHydration(page);
  const card = await pickFromMap(page);
  await card.getByRole("button", { name: "Заберу отсюда" }).click();
  await expect(page.getByText("Заказ приедет сюда")).toBeVisible();
  await goToPayment(page).click();
  await expect(page).toHaveURL(/\/checkout\/steps\/payment\/\d+$/);
  await waitForHydration(page);
  await payButton(page).click();
  await fillCard(page, STAND_IN_CARDS.declined);
  // The stand-in sends the shopper straight back to the shop's FailURL.
  await expect(page).toHaveURL(/\/fail\?orderId=\d+&method=card$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Оплата не прошла" })).toBeVisible();
  await expect(page.getByText("Деньги не списаны", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Вернуться в корзину" })).toBeVisible();
  await page.screenshot({ path: shot(info, "fail"), fullPage: !isPhone(info) });
  await expect.poll(sentToApp).toEqual([expect.objectContaining({ status: "fail" })]);
  await page.getByRole("button", { name: "Оплатить ещё раз" }).click();
  await expect(page).toHaveURL(/\/acquirer\//);
  await fillCard(page, STAND_IN_CARDS.success);
  await expectThankYou(page);
  await expect.poll(sentToApp).toEqual([expect.objectContaining({ status: "success" })]);
});

test.describe("a placement refused", () => {
  // The refused placement is a 409, which the browser notes in its console.
  test.use({ allowedConsoleErrors: /status of 409 \(Conflict\)/ });

  test("stock taken by someone else meanwhile: the placement is refused and the basket says why", async ({
    page,
    browser,
    signIn,
    shop,
    baseURL,
  }, info) => {
    // A product of its own with little stock, all of it in this shopper's basket.
    const made = await createProduct(shop.db, { stock: 5 });
    const chosen = { id: made.id, name: made.name, stock: made.stock };
    await signIn();
    const mine = await page.request.post("/api/v1/basket/lines", {
      headers: { origin: baseURL ?? "" },
      data: { intent: "add", productId: chosen.id, quantity: chosen.stock },
    });
    expect(mine.status(), await mine.text()).toBe(200);
    await page.goto("/checkout/steps/delivery");
    await waitForHydration(page);
    const card = await pickFromMap(page);
    await card.getByRole("button", { name: "Заберу отсюда" }).click();
    await expect(page.getByText("Заказ приедет сюда")).toBeVisible();

    // Meanwhile another shopper buys one.
    const other = await browser.newContext({ baseURL });
    await signInContext(shop, other, { surname: "Соколов", name: "Павел" });
    const them = other.request;
    await them.post("/api/v1/basket/lines", {
      headers: { origin: baseURL ?? "" },
      data: { intent: "add", productId: chosen.id },
    });
    const points = (await (await them.get("/api/v1/deliveries/points")).json()) as {
      items: { id: number }[];
    };
    const address = await them.post("/api/v1/user/address", {
      headers: { origin: baseURL ?? "" },
      data: { type: "pickup", pickupPointId: points.items[0]!.id },
    });
    const basket = (await (await them.get("/api/v1/basket")).json()) as {
      version: number;
      shipments: { lines: { productId: number; quantity: number; price: number }[] }[];
    };
    const placed = await them.post("/api/v1/orders", {
      headers: { origin: baseURL ?? "" },
      data: {
        checkoutKey: `other${Date.now()}abcdefghijkl`,
        basketVersion: basket.version,
        expectedLines: basket.shipments.flatMap((s) =>
          s.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, price: l.price })),
        ),
        deliveryType: "pickup",
        addressId: ((await address.json()) as { id: number }).id,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await other.close();

    await goToPayment(page).click();
    await expect(page).toHaveURL(/\/basket$/);
    const note = page.getByRole("alert").filter({ hasText: "Заказ не оформлен" });
    await expect(note).toContainText(chosen.name);
    await expect(note).toContainText(`Осталось только ${chosen.stock - 1} шт.`);
    await page.screenshot({ path: shot(info, "placement-refused"), fullPage: !isPhone(info) });
    await note.getByRole("button", { name: "Понятно" }).click();
    await expect(note).toHaveCount(0);
  });
});
