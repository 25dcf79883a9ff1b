import type { Locator, Page, TestInfo } from "@playwright/test";
import { sql } from "drizzle-orm";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { deliverOrder } from "#tests/fixtures/after-sale-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { pngImage } from "#tests/fixtures/upload-data.ts";
import { expect, expectTheme, isPhone, test, themeOf, waitForHydration } from "./fixtures.ts";
import { expectAccessible } from "./support/axe.ts";
import type { ShopServer } from "./support/shop-server.ts";

/**
 * Reviews from buyers (issue 21, point 4; ADR 060): a buyer whose parcel came writes a review with a photo
 * from the purchases, it shows on the product page with «Покупатель Витрины», another shopper finds it
 * useful, an operator hides it and it leaves the page. In alfa at both widths and halva at 375 px (@themes).
 */

const shot = (info: TestInfo, name: string) =>
  `test-results/screenshots/reviews-${name}-${themeOf(info)}-${isPhone(info) ? 375 : 1280}.png`;

/** A buyer named Анна Кузнецова whose pickup order with one unit of the product has reached her. */
async function deliveredBuyer(shop: ShopServer, productId: number) {
  const buyer = await shopperWithBasket(shop.db, [{ productId, quantity: 1 }]);
  const { order } = await shop.services.orders.place(buyer.userId, {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(shop.db, buyer.userId)),
    deliveryType: "pickup",
    addressId: buyer.pickupAddressId,
    bonusPoints: 0,
  });
  await deliverOrder(shop.db, order.id);
  await shop.db.execute(
    sql`update users set name = 'Анна', surname = 'Кузнецова' where id = ${buyer.userId}`,
  );
  return buyer;
}

async function operatorId(shop: ShopServer): Promise<number> {
  const id = await userIdByPhone(shop.db, DEMO_STAFF.find((s) => s.role === "operator")!.phone);
  if (!id) throw new Error("the seed has no demo operator");
  return id;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The image has come from the server and decoded (not a broken picture). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test("a buyer reviews a received product with a photo, shoppers see it as a buyer's, an operator hides it @themes", async ({
  shop,
  page,
  context,
  signIn,
}, info) => {
  // Four people's sessions, an upload and three axe audits: a long walk on a busy machine.
  test.setTimeout(180_000);
  const product = await scratchProduct(shop.db, { stock: 5, price: 249_000 });
  const buyer = await deliveredBuyer(shop, product.id);
  await signIn({}, { userId: buyer.userId });

  // From the purchases: «Оставить отзыв» opens the form.
  await open(page, "/personal/purchases");
  await expectTheme(page, info);
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Тестовый товар/ }) });
  await item.getByRole("button", { name: "Оставить отзыв" }).click();
  const dialog = page.getByRole("dialog", { name: "Отзыв о товаре" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: shot(info, "form-empty") });

  // Without stars the form says what it needs.
  await dialog.getByRole("button", { name: "Опубликовать отзыв" }).click();
  await expect(dialog.getByText("Поставьте оценку от 1 до 5 звёзд")).toBeVisible();
  await dialog.getByRole("radio", { name: "5 из 5 — Отлично" }).check({ force: true });
  await expect(dialog.getByText("Отлично", { exact: true })).toBeVisible();
  await dialog.getByLabel("Достоинства").fill("Тихий, быстро закипает");
  await dialog.getByLabel("Недостатки").fill("Короткий шнур");
  await dialog
    .getByLabel("Комментарий")
    .fill("Пользуюсь неделю.\n<b>Всё нравится</b> — рекомендую & беру второй на дачу.");
  await dialog
    .getByLabel("Добавить фото")
    .setInputFiles({ name: "kettle.png", mimeType: "image/png", buffer: await pngImage(640, 480) });
  await expectLoaded(dialog.getByRole("img", { name: "Фото 1" }));
  await expectAccessible(page, "the review form");
  await page.screenshot({ path: shot(info, "form-filled") });
  await dialog.getByRole("button", { name: "Опубликовать отзыв" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Спасибо за отзыв!")).toBeVisible();
  await expect(item.getByRole("link", { name: "Ваш отзыв" })).toBeVisible();

  // The product page shows it as a buyer's, with the name from the profile and the photo.
  await open(page, `/product/${product.id}`);
  const reviews = page.locator("#reviews");
  const review = reviews.locator("article.review").first();
  await expect(review).toContainText("Анна К.");
  await expect(review.locator(".review__verified")).toHaveText("Покупатель Витрины");
  // Stored as text and shown as text: no markup of the shopper's becomes a tag.
  await expect(review).toContainText("<b>Всё нравится</b> — рекомендую & беру второй на дачу.");
  await expect(review.locator("b", { hasText: "Всё нравится" })).toHaveCount(0);
  await expectLoaded(review.getByRole("img", { name: "Фото покупателя" }));
  await expect(reviews.getByTestId("review-mine")).toHaveText(/Вы оставили отзыв/);
  await expect(review).toContainText("Ваш отзыв");
  await expect(page.locator(".product-page__meta")).toContainText("1 отзыв");
  await reviews.scrollIntoViewIfNeeded();
  await expectAccessible(page, "the product's reviews", { include: "#reviews" });
  await page.screenshot({ path: shot(info, "product-reviews") });
  await reviews.screenshot({ path: shot(info, "product-reviews-section") });

  // Another shopper finds it useful, once.
  await context.clearCookies();
  await signIn();
  await open(page, `/product/${product.id}`);
  const helpful = reviews.locator("article.review").first().getByTestId("review-helpful");
  await helpful.click();
  await expect(helpful).toHaveText(/Полезно · 1/);
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await helpful.click();
  await expect(helpful).toHaveText(/Полезно · 1/);
  // Nobody else's photo of a published review is hidden from them.
  await expectLoaded(reviews.getByRole("img", { name: "Фото покупателя" }));

  // The operator hides it with a reason from the list.
  await context.clearCookies();
  await signIn({}, { userId: await operatorId(shop) });
  await open(page, "/admin/reviews?status=published");
  const card = page.locator("article.ops-card").filter({ hasText: "Тихий, быстро закипает" });
  await expect(card).toContainText("Покупатель Витрины");
  await expectLoaded(card.getByRole("img", { name: "Фото 1" }));
  await card.getByRole("button", { name: "Скрыть отзыв" }).click();
  await card.getByRole("button", { name: "Реклама, ссылки или контакты" }).click();
  await expectAccessible(page, "the operators' reviews");
  await page.screenshot({ path: shot(info, "admin-hide") });
  await card.getByRole("button", { name: "Скрыть", exact: true }).click();
  await expect(page.getByText("Отзыв скрыт")).toBeVisible();
  await open(page, "/admin/reviews?status=hidden");
  const hidden = page.locator("article.ops-card").filter({ hasText: "Тихий, быстро закипает" });
  await expect(hidden).toContainText("«Реклама, ссылки или контакты»");

  // Gone from the product page, its rating and count; the buyer sees why.
  await context.clearCookies();
  await open(page, `/product/${product.id}`);
  await expect(page.locator(".product-page__meta")).toContainText("Пока нет отзывов");
  await expect(reviews.locator("article.review")).toHaveCount(0);
  await signIn({}, { userId: buyer.userId });
  await open(page, `/product/${product.id}`);
  await expect(reviews.getByTestId("review-mine")).toHaveText(
    "Ваш отзыв скрыт модератором: Реклама, ссылки или контакты",
  );
});

test.describe("the product page's own way", () => {
  // The signed-out «Полезно» is refused with 401 on its way to sign-in: the browser notes the answer.
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("a buyer writes from the product page; a signed-out «Полезно» asks to sign in; a non-buyer has no button", async ({
    shop,
    page,
    context,
    signIn,
  }) => {
    test.slow();
    const product = await scratchProduct(shop.db, { stock: 5, price: 99_000 });
    const buyer = await deliveredBuyer(shop, product.id);

    // Signed out, and signed in without having received it: no way to write one.
    await open(page, `/product/${product.id}`);
    await expect(page.getByText("Отзыв можно оставить после получения товара")).toBeVisible();
    await signIn();
    await open(page, `/product/${product.id}`);
    await expect(page.getByTestId("review-open")).toHaveCount(0);

    await context.clearCookies();
    await signIn({}, { userId: buyer.userId });
    await open(page, `/product/${product.id}`);
    await page.locator("#reviews").scrollIntoViewIfNeeded();
    await page
      .locator("#reviews")
      .screenshot({ path: "test-results/screenshots/reviews-write-from-product.png" });
    await page.getByTestId("review-open").click();
    const dialog = page.getByRole("dialog", { name: "Отзыв о товаре" });
    await dialog.getByRole("radio", { name: "4 из 5 — Хорошо" }).check({ force: true });
    await dialog.getByLabel("Комментарий").fill("Хорошая вещь за свои деньги");
    await dialog.getByRole("button", { name: "Опубликовать отзыв" }).click();
    await expect(dialog).toBeHidden();
    const review = page.locator("#reviews article.review").first();
    await expect(review).toContainText("Хорошая вещь за свои деньги");
    await expect(review.locator(".review__verified")).toBeVisible();
    await expect(page.getByTestId("review-open")).toHaveCount(0);

    // Signed out, «Полезно» takes the shopper to sign-in and back to the product.
    await context.clearCookies();
    await open(page, `/product/${product.id}`);
    await page.locator("#reviews article.review").first().getByTestId("review-helpful").click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=%2Fproduct%2F${product.id}`));
  });
});
