import type { Page } from "@playwright/test";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";

// Focus where it matters (issue 22, point 9; ADR 068): checkout's reduced header and footer, and the
// header's search field, empty outside the search pages.

/** A signed-in shopper with one product in the basket, on the delivery step. */
async function onTheDeliveryStep(page: Page, signIn: () => Promise<unknown>, origin: string) {
  await signIn();
  const listing = (await (await page.request.get("/api/v1/products?limit=30")).json()) as {
    items: { id: number; state: string }[];
  };
  const product = listing.items.find((p) => p.state === "in_stock");
  const added = await page.request.post("/api/v1/basket/lines", {
    headers: { origin },
    data: { intent: "add", productId: product!.id },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto("/checkout/steps/delivery");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Оформление заказа" })).toBeVisible();
}

test("checkout has the reduced header: the logo, «Назад» to the basket, «Безопасная оплата» @matrix", async ({
  page,
  signIn,
  shop,
}, info) => {
  await onTheDeliveryStep(page, signIn, shop.origin);
  await expectTheme(page, info);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Витрина — на главную" })).toHaveAttribute("href", "/");
  const back = header.getByRole("link", { name: "Назад в корзину" });
  await expect(back).toHaveAttribute("href", "/basket");
  await expect(back).toHaveText("Назад");
  await expect(header.getByText("Безопасная оплата")).toBeVisible();
  // Nothing to browse away to: those two links, no catalogue button, search, account, basket or menu.
  await expect(header.getByRole("link")).toHaveCount(2);
  await expect(header.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Категории" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Основная навигация" })).toBeHidden();
  const box = await back.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  // The reduced footer: support and the terms, none of the shop's link columns.
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Публичная оферта" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Политика конфиденциальности" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "8 800 555-35-35" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Доставка и пункты выдачи" })).toHaveCount(0);
  await expectAccessible(page, "checkout's header and footer", { include: "header, footer" });
  const width = isPhone(info) ? 375 : 1280;
  await page.screenshot({
    path: `test-results/screenshots/checkout-header-${themeOf(info)}-${width}.png`,
    clip: { x: 0, y: 0, width, height: 360 },
  });
  await footer.screenshot({ path: `test-results/screenshots/checkout-footer-${themeOf(info)}-${width}.png` });
});

test("the header's search field is empty on the page a suggestion leads to", async ({ page }) => {
  await page.goto("/catalog");
  await waitForHydration(page);
  const field = page.getByRole("combobox", { name: "Поиск по Витрине" });
  await field.fill("смарт");
  // A product suggestion (it shows a price): the page it opens is no search page.
  const product = page
    .getByRole("listbox", { name: "Подсказки" })
    .getByRole("option")
    .filter({ hasText: "₽" });
  await product.first().click();
  await expect(page).toHaveURL(/\/product\/\d+/);
  await expect(field).toHaveValue("");
});
