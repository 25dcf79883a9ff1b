import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { productImages } from "#server/db/schema/index.ts";
import { DEMO_STAFF } from "#server/db/seed/staff.ts";
import { createProduct } from "#tests/factories/products.ts";
import { userIdByPhone } from "#tests/fixtures/staff-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

// An operator's photos of a product (issue 22, point 1; ADR 067): upload one, move it first, save — the
// product page leads with it. The rules (order, 1–10, unknown pictures, audit) are API tests'.

test("an operator uploads a photo, moves it first and the product page shows it first", async ({
  shop,
  page,
  signIn,
}) => {
  // A product of the test's own, with two of the seeded drawings.
  const product = await createProduct(shop.db);
  const seeded = await shop.db
    .select({ imageId: productImages.imageId })
    .from(productImages)
    .where(eq(productImages.productId, 1))
    .orderBy(asc(productImages.position))
    .limit(2);
  await shop.services.productPhotos.replace(
    { cli: true },
    product.id,
    seeded.map((r) => r.imageId!),
  );
  const operator = await userIdByPhone(shop.db, DEMO_STAFF.find((s) => s.role === "operator")!.phone);
  await signIn({}, { userId: operator! });

  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Номер, артикул или название товара" }).fill(product.sku);
  await page.getByRole("button", { name: "Найти" }).click();
  await page.getByRole("link", { name: product.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  const photos = page.getByRole("list", { name: "Фото по порядку" }).getByRole("listitem");
  await expect(photos).toHaveCount(2);

  // A small JPEG, as a phone or a studio would send it.
  const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#2a7a4b" } })
    .jpeg()
    .toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/v1/admin/images"));
  await page
    .getByLabel("Добавить фото")
    .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: jpeg });
  const { id } = (await (await uploaded).json()) as { id: string };
  await expect(photos).toHaveCount(3);

  // Up twice, by keyboard for the second move.
  await page.getByRole("button", { name: "Фото 3: выше" }).click();
  await page.getByRole("button", { name: "Фото 2: выше" }).focus();
  await page.keyboard.press("Enter");
  await expect(photos.first().getByRole("img")).toHaveAttribute("src", `/img/${id}/160`);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Фото сохранены")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/admin-product-photos-1280.png", fullPage: true });

  await page.goto(`/product/${product.id}`);
  // The thumbnails are decorative (their buttons are named «Фото N»).
  const thumbs = page.getByRole("list", { name: "Фотографии товара" }).locator("img");
  await expect(thumbs).toHaveCount(3);
  await expect(thumbs.first()).toHaveAttribute("src", `/img/${id}/160`);
  await expect(page.getByRole("img", { name: `${product.name}, фото 1` }).first()).toHaveAttribute(
    "src",
    new RegExp(`^/img/${id}/`),
  );
});
