import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import type { ReviewList } from "#contract/catalog.ts";
import { expect, expectTheme, test, themeOf, waitForHydration } from "./fixtures.ts";

const SCREENSHOTS = "test-results/screenshots";

/**
 * A product from the seeded catalogue whose newest reviews include one with several photos, and which also
 * has reviews without photos (so the filter visibly changes the list). Found through the API, never by id.
 */
async function productWithPhotoReviews(request: APIRequestContext) {
  const { items } = await (await request.get("/api/v1/products?sort=popular&limit=100")).json();
  for (const p of items as { id: number; reviewsCount: number }[]) {
    if (p.reviewsCount < 3) continue;
    const all: ReviewList = await (await request.get(`/api/v1/products/${p.id}/reviews`)).json();
    if (all.withPhotosCount === 0 || all.withPhotosCount === all.total) continue;
    const withPhotos: ReviewList = await (
      await request.get(`/api/v1/products/${p.id}/reviews?withPhotos=true`)
    ).json();
    const review = withPhotos.items.find((r) => r.photos.length >= 2);
    if (review) return { id: p.id, all, withPhotos, review };
  }
  throw new Error("no product with a multi-photo review in the e2e seed");
}

/** A horizontal finger swipe over the viewer (Chromium builds real Touch objects when touch is on). */
async function swipe(page: Page, fromX: number, toX: number) {
  await page.getByRole("dialog").evaluate(
    (dialog, [from, to]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: dialog, clientX: x, clientY: 400 });
      dialog.dispatchEvent(
        new TouchEvent("touchstart", {
          bubbles: true,
          touches: [touch(from)],
          changedTouches: [touch(from)],
        }),
      );
      dialog.dispatchEvent(
        new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(to)] }),
      );
    },
    [fromX, toX] as const,
  );
}

type PhotoProduct = Awaited<ReturnType<typeof productWithPhotoReviews>>;
/** Looked up once per worker: the catalogue and its reviews do not change under the tests. */
let found: Promise<PhotoProduct> | undefined;

/** The product's reviews region, shown; the reviews filtered to those with photos; a multi-photo thumbnail. */
async function openPhotoReviews(page: Page, request: APIRequestContext, info: TestInfo) {
  found ??= productWithPhotoReviews(request);
  const product = await found;
  const { id, all, withPhotos, review } = product;
  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await expectTheme(page, info);
  const reviews = page.getByRole("region", { name: /^Отзывы/ });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole("article")).toHaveCount(Math.min(10, all.total));
  const filter = reviews.getByRole("button", { name: /^С фото/ });
  await filter.click();
  await expect(filter).toHaveAttribute("aria-pressed", "true");
  await expect(reviews.getByRole("article")).toHaveCount(Math.min(10, withPhotos.total));
  // Located by its review: reviews of one product share drawn photos (ADR 069), and may describe them alike.
  const thumbnail = reviews
    .getByRole("article")
    .filter({ hasText: review.text.slice(0, 60) })
    .getByRole("list", { name: /^Фото покупателя/ })
    .getByRole("button")
    .first();
  return { ...product, reviews, filter, thumbnail };
}

const viewerOf = (page: Page, review: PhotoProduct["review"]) =>
  page.getByRole("dialog", { name: `Фото из отзыва: ${review.authorName}` });

test("review photos: the 'С фото' filter, thumbnails and the full-screen viewer", async ({
  page,
  request,
}, info) => {
  const { all, withPhotos, review, reviews, filter, thumbnail } = await openPhotoReviews(page, request, info);

  // The filter sits next to the sort and says how many reviews have photos.
  await expect(filter).toHaveText(`С фото ${all.withPhotosCount}`);
  const articles = reviews.getByRole("article");
  await expect(articles).toHaveCount(Math.min(10, withPhotos.total));
  for (const article of await articles.all()) {
    await expect(article.getByRole("list", { name: /^Фото покупателя/ })).toBeVisible();
  }
  // The heading still counts every review.
  await expect(reviews.getByRole("heading", { level: 2 })).toHaveText(`Отзывы ${all.total}`);

  // Thumbnails: sized, lazy, described.
  const [first, second] = review.photos;
  await expect(thumbnail).toHaveAccessibleName(first!.alt);
  const img = thumbnail.getByRole("img");
  await expect(img).toHaveAttribute("loading", "lazy");
  await expect(img).toHaveAttribute("width", String(first!.width));
  await expect(img).toHaveAttribute("height", String(first!.height));
  // A 72 px square: the browser takes the 160 or 240 px copy of the photo's srcset, never the original.
  await expect(img).toHaveAttribute("srcset", `${first!.url}/160 160w, ${first!.url}/240 240w`);
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.currentSrc))
    .toMatch(/\/img\/g[\w-]{21}\/(160|240)$/);

  // The viewer opens on the photo that was clicked and takes focus.
  await thumbnail.click();
  const viewer = viewerOf(page, review);
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Закрыть просмотр" })).toBeFocused();
  await expect(viewer.getByRole("img", { name: first!.alt, exact: true })).toBeVisible();
  const caption = viewer.getByText(/^Фото \d+ из \d+$/);
  await expect(caption).toHaveText(`Фото 1 из ${review.photos.length}`);

  // Arrows turn the photos; Tab stays inside the viewer.
  await page.keyboard.press("ArrowRight");
  await expect(caption).toHaveText(`Фото 2 из ${review.photos.length}`);
  await expect(viewer.getByRole("img", { name: second!.alt, exact: true })).toBeVisible();
  // The viewer takes a copy as wide as the screen (480–1280 px), not the thumbnail.
  await expect
    .poll(() => viewer.getByRole("img").evaluate((i: HTMLImageElement) => i.complete && i.currentSrc))
    .toMatch(/\/img\/g[\w-]{21}\/(480|640|960|1280)$/);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(
      await viewer.evaluate((dialog) => dialog.contains(document.activeElement)),
      `Tab ${i + 1} stays in the viewer`,
    ).toBe(true);
  }

  // Esc closes and gives focus back to the thumbnail that opened the viewer.
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(thumbnail).toBeFocused();

  // Turning the filter off brings back every review.
  await filter.click();
  await expect(articles).toHaveCount(Math.min(10, all.total));
});

test("on a phone a swipe turns the review photos", { tag: "@phone" }, async ({ page, request }, info) => {
  const { review, thumbnail } = await openPhotoReviews(page, request, info);
  await thumbnail.click();
  const viewer = viewerOf(page, review);
  const caption = viewer.getByText(/^Фото \d+ из \d+$/);
  await expect(caption).toHaveText(`Фото 1 из ${review.photos.length}`);
  // A swipe to the left shows the next photo, one to the right the previous one.
  await swipe(page, 300, 80);
  await expect(caption).toHaveText(`Фото 2 из ${review.photos.length}`);
  await swipe(page, 80, 300);
  await expect(caption).toHaveText(`Фото 1 из ${review.photos.length}`);
});

test.describe("screenshots", { tag: "@matrix" }, () => {
  // Each theme × width project takes its own.
  test("the reviews with photos, and the viewer", async ({ page, request }, info) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const shot = (name: string) =>
      `${SCREENSHOTS}/${themeOf(info)}-${name}-${page.viewportSize()!.width}.png`;
    const { review, thumbnail } = await openPhotoReviews(page, request, info);
    await thumbnail.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnail.getByRole("img").evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: shot("review-photos") });
    await thumbnail.click();
    await expect(viewerOf(page, review).getByText(`Фото 1 из ${review.photos.length}`)).toBeVisible();
    await page.screenshot({ path: shot("review-photo-viewer") });
  });
});
