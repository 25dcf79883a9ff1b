import type { Locator, Page } from "@playwright/test";
import { createProduct } from "#tests/factories/products.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { openLeafFromCatalog } from "./support/catalog.ts";

// Wishlist and viewed (issue 11 point 10, ADR 032): hearts on cards and the product page for anyone,
// signed in or not; an anonymous shopper's hearts join the account at sign-in; /personal/wishlist with
// remove and "in stock only"; /personal/viewed. Runs in both themes at both widths.

const shot = (info: import("@playwright/test").TestInfo, name: string) =>
  `test-results/screenshots/wishlist-${themeOf(info)}-${name}-${isPhone(info) ? 375 : 1280}.png`;

interface CardData {
  id: number;
  name: string;
  state: string;
}

/** The products of the "Смартфоны" listing that can be bought now (a card with «В корзину»). */
async function openListing(page: Page): Promise<Locator> {
  await page.goto("/catalog");
  await waitForHydration(page);
  await openLeafFromCatalog(page, "Смартфоны и гаджеты", "Смартфоны");
  await expect(page.getByRole("heading", { level: 1, name: "Смартфоны" })).toBeVisible();
  return page
    .getByRole("list", { name: "Товары категории" })
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^В корзину: / }) });
}

const heartIn = (scope: Locator | Page) =>
  scope.getByRole("button", { name: /^(Добавить в избранное|Убрать из избранного)$/ });

/** The heart beside a product page's title (the page's other hearts are on recommended cards). */
const pageHeart = (page: Page) => page.getByTestId("wishlist-heart-page");

test("an anonymous shopper's hearts are in the wishlist after sign-in; remove; only in stock", async ({
  page,
  signIn,
  shop,
}, info) => {
  // On a listing, before sign-in: the heart is there unpressed, and pressing it needs no account.
  const cards = await openListing(page);
  await expectTheme(page, info);
  const card = cards.first();
  const listed = (await card.getByRole("heading").textContent())!;
  const heart = heartIn(card);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(heart).toHaveAccessibleName("Добавить в избранное");
  // The heart fills at once; the next page waits for the server's answer, or leaving could cancel it.
  const listedSaved = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/wishlist") && r.request().method() === "POST",
  );
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName("Убрать из избранного");
  expect((await listedSaved).ok()).toBe(true);
  await page.screenshot({ path: shot(info, "listing-heart") });

  // On a product page (one sold out, of this test's own), likewise.
  const soldOut = await createProduct(shop.db, { stock: 0 });
  await page.goto(`/product/${soldOut.id}`);
  await waitForHydration(page);
  await expect(pageHeart(page)).toHaveAttribute("aria-pressed", "false");
  // The heart fills at once; the reload waits for the server's answer, or it could be rendered first.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/wishlist") && r.request().method() === "POST",
  );
  await pageHeart(page).click();
  await expect(pageHeart(page)).toHaveAttribute("aria-pressed", "true");
  expect((await saved).ok()).toBe(true);
  await page.screenshot({ path: shot(info, "product-heart") });
  // Reloaded, the page still knows (the hearts come from the API after hydration).
  await page.reload();
  await waitForHydration(page);
  await expect(pageHeart(page)).toHaveAttribute("aria-pressed", "true");

  // Sign in (the fixture's request carries this browser's visitor cookie, so the hearts merge).
  await signIn();
  await page.goto("/personal/wishlist");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Избранное" })).toBeVisible();
  const wished = page.getByRole("list", { name: "Товары в избранном" }).getByRole("article");
  await expect(wished).toHaveCount(2);
  // Newest first: the product page's heart, then the listing's.
  await expect(wished.nth(0)).toContainText(soldOut.name);
  await expect(wished.nth(1)).toContainText(listed);
  await expect(page.getByText("2 товара")).toBeVisible();
  await page.screenshot({ path: shot(info, "wishlist"), fullPage: true });

  // Only in stock: the product that cannot be bought now leaves the list; the URL says so.
  await page.getByRole("checkbox", { name: "Только в наличии" }).check();
  await expect(page).toHaveURL(/inStock=1/);
  await expect(wished).toHaveCount(1);
  await expect(wished.first()).toContainText(listed);
  await expect(page.getByText("В наличии 1 из 2")).toBeVisible();
  await page.screenshot({ path: shot(info, "wishlist-in-stock") });
  await page.getByRole("checkbox", { name: "Только в наличии" }).uncheck();
  await expect(page).not.toHaveURL(/inStock=1/);
  await expect(wished).toHaveCount(2);

  // Remove: the card goes at once, and stays gone after a reload.
  await page.getByRole("button", { name: `Удалить «${soldOut.name}» из избранного` }).click();
  await expect(wished).toHaveCount(1);
  await page.reload();
  await waitForHydration(page);
  await expect(wished).toHaveCount(1);
  await expect(wished.first()).toContainText(listed);

  // The last one goes through its heart: the empty state leads back to the catalogue. The heart's pressed
  // state arrives after hydration; a click before it would add, not remove.
  await expect(heartIn(wished.first())).toHaveAttribute("aria-pressed", "true");
  await heartIn(wished.first()).click();
  await expect(page.getByText("В избранном пусто")).toBeVisible();
  await page.screenshot({ path: shot(info, "wishlist-empty") });
  await page.getByRole("link", { name: "Перейти в каталог" }).click();
  await expect(page).toHaveURL(/\/catalog$/);
});

test("/personal/viewed shows a product after a signed-in shopper viewed it, and clears", async ({
  page,
  signIn,
}, info) => {
  await signIn();
  const { items } = (await (await page.request.get("/api/v1/products?limit=3")).json()) as {
    items: CardData[];
  };
  const product = items[2]!;
  const recorded = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/viewed/${product.id}`) && r.request().method() === "POST",
  );
  await page.goto(`/product/${product.id}`);
  expect((await recorded).status()).toBe(204);

  await page.goto("/personal/viewed");
  await waitForHydration(page);
  await expectTheme(page, info);
  const viewed = page.getByRole("list", { name: "Просмотренные товары" }).getByRole("article");
  await expect(viewed).toHaveCount(1);
  await expect(viewed.first()).toContainText(product.name);
  await page.screenshot({ path: shot(info, "viewed") });
  // The list empties at once; the reload waits for the server's answer, or it could be rendered first.
  const cleared = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/viewed") && r.request().method() === "DELETE",
  );
  await page.getByRole("button", { name: "Очистить историю" }).click();
  await expect(page.getByText("Вы ещё ничего не смотрели")).toBeVisible();
  expect((await cleared).status()).toBe(204);
  await page.reload();
  await expect(page.getByText("Вы ещё ничего не смотрели")).toBeVisible();
  await page.screenshot({ path: shot(info, "viewed-empty") });
});

test("a product page with hearts is the shared copy for a signed-in shopper: the same HTML, from the page cache", async ({
  page,
  playwright,
  baseURL,
  signIn,
  shop,
}) => {
  await signIn();
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    // A page nobody has asked for yet: the first anonymous visit renders and keeps it.
    const path = `/product/${(await createProduct(shop.db)).id}`;
    const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');
    let html = "";
    await expect
      .poll(async () => {
        const response = await anonymous.get(path);
        html = withoutNonce(await response.text());
        return response.headers()["x-cache"];
      })
      .toBe("HIT");
    // The heart's place is in the server's HTML, unpressed: nobody's own state is rendered there.
    expect(html).toMatch(/class="wishlist-heart wishlist-heart--page"[^>]*aria-pressed="false"/);
    expect(html).not.toContain('aria-pressed="true"');
    const signedIn = await page.request.get(path);
    expect(signedIn.headers()["x-cache"]).toBe("HIT");
    // Byte for byte the same page but for the CSP nonce, which every response gets afresh (ADR 021).
    expect(withoutNonce(await signedIn.text())).toBe(html);
  } finally {
    await anonymous.dispose();
  }
});

test("the hearts of an anonymous shopper load without sending anyone to sign in, and nothing moves", async ({
  page,
}) => {
  const ids = page.waitForResponse((r) => r.url().endsWith("/api/v1/wishlist/ids"));
  await page.goto("/product/3");
  expect((await ids).status()).toBe(200);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/product\/3$/);
  const heart = pageHeart(page);
  const before = await heart.boundingBox();
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  expect(await heart.boundingBox()).toEqual(before);
});

test.describe("when the server fails", () => {
  // The browser reports the refused call as a console error.
  test.use({ allowedConsoleErrors: /status of 503/ });

  test("a heart that could not be saved goes back, and a toast says so", async ({ page }) => {
    await page.route("**/api/v1/wishlist", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({
              status: 503,
              code: "unavailable",
              type: "unavailable",
              message: "Недоступно",
            }),
          })
        : route.fallback(),
    );
    await page.goto("/product/4");
    await waitForHydration(page);
    const heart = pageHeart(page);
    await heart.click();
    await expect(page.getByText("Не удалось добавить в избранное")).toBeVisible();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
  });
});
