import type { Page, TestInfo } from "@playwright/test";
import { addressProblemMessages } from "#contract/address-messages.ts";
import { expect, expectTheme, type SignedInShopper, test, themeOf, waitForHydration } from "./fixtures.ts";

/**
 * Real streets and a point on the map at the delivery step (issue 22 point 7, ADR 064), once (alfa,
 * 1280 px; the suggestions are also pictured at 375 px): a Moscow courier address on Тверская from the
 * suggestions to the payment step, and an address the street register does not know, delivered to a point
 * put on the map.
 */

// Each test signs in, fills a basket and walks the step; the first goes on to the payment step.
test.describe.configure({ timeout: 60_000 });

const shot = (info: TestInfo, name: string, width: number) =>
  `test-results/screenshots/address-${themeOf(info)}-${name}-${width}.png`;

type SignIn = (overrides?: object) => Promise<SignedInShopper>;

/** A made-up shopper signed in, in Moscow (the default city), with two products in the basket. */
async function shopperAtDelivery(page: Page, signIn: SignIn, baseURL: string | undefined, info: TestInfo) {
  await signIn();
  const listing = (await (await page.request.get("/api/v1/products?limit=60")).json()) as {
    items: { id: number; state: string }[];
  };
  for (const product of listing.items.filter((p) => p.state === "in_stock").slice(0, 2)) {
    const added = await page.request.post("/api/v1/basket/lines", {
      headers: { origin: baseURL ?? "" },
      data: { intent: "add", productId: product.id },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  await page.goto("/checkout/steps/delivery");
  await waitForHydration(page);
  await expectTheme(page, info);
  await expect(page.getByRole("heading", { level: 1, name: "Оформление заказа" })).toBeVisible();
}

test(
  "a Moscow courier address on Тверская: suggested first, its house, then the payment step",
  { tag: "@matrix" },
  async ({ page, signIn, baseURL }, info) => {
    await shopperAtDelivery(page, signIn, baseURL, info);
    const street = page.getByRole("combobox", { name: "Улица и дом" });
    const options = page.getByRole("listbox", { name: "Подсказки адресов" }).getByRole("option");

    await street.fill("Тверская");
    await expect(options.first()).toHaveText(/^ул Тверская/);
    await page.screenshot({ path: shot(info, "suggestions", page.viewportSize()!.width) });

    await street.press("ArrowDown");
    await street.press("Enter");
    await expect(street).toHaveValue("ул Тверская, д ");
    await street.pressSequentially("7");
    const house = options.filter({ has: page.getByText("ул Тверская, д 7", { exact: true }) });
    await expect(house).toBeVisible();
    await house.click();
    await expect(street).toHaveValue("ул Тверская, д 7");
    await page.getByLabel("Квартира").fill("12");
    await page.getByRole("button", { name: "Доставить сюда" }).click();

    await expect(page.getByRole("radio", { name: /ул Тверская, д 7/ })).toBeChecked();
    await expect(
      page.getByRole("group", { name: "Время доставки" }).getByRole("radio").first(),
    ).toBeChecked();
    await page.getByRole("button", { name: "Перейти к оплате" }).locator("visible=true").click();
    await expect(page).toHaveURL(/\/checkout\/steps\/payment\/\d+$/);
    await expect(page.getByText(/ул Тверская, д 7/).first()).toBeVisible();
  },
);

test("an address the register does not know is delivered to a point put on the map", async ({
  page,
  signIn,
  baseURL,
}, info) => {
  await shopperAtDelivery(page, signIn, baseURL, info);
  const street = page.getByRole("combobox", { name: "Улица и дом" });
  await street.fill("ул Шаболовка, д 37");
  await street.press("Escape");
  // Typed alone, it is unknown.
  await page.getByRole("button", { name: "Доставить сюда" }).click();
  await expect(page.getByText(addressProblemMessages.unknown)).toBeVisible();

  await page.getByRole("button", { name: "Указать на карте" }).click();
  const map = page.getByTestId("point-map");
  await expect(map).toHaveAttribute("data-status", "loaded");
  // A click on the map brings that place under the pin: here the city's centre, no house of the register.
  await map.getByRole("region", { name: /точка доставки/ }).click();
  await expect(page.getByText(addressProblemMessages.geocodeFailed)).toBeVisible();
  await expect(street).toHaveValue("ул Шаболовка, д 37");
  await page.getByTestId("point-map").screenshot({ path: shot(info, "point-map", 1280) });
  await page.getByRole("button", { name: "Доставить сюда" }).click();
  await expect(page.getByRole("radio", { name: /ул Шаболовка, д 37/ })).toBeChecked();
  await expect(page.getByRole("group", { name: "Время доставки" })).toBeVisible();
});
