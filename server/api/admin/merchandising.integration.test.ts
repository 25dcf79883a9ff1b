import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBanner, HomeData, ProductPhotos } from "#contract/merchandising.ts";
import { createProduct } from "#tests/factories/products.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { callApi, readJson, TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";

// A product's photos and the home page's banners in the back office (issue 22, points 1 and 6; ADR 067).
// The gate for every admin operation (401 signed out, 403 a shopper) is walked in admin.integration.test.ts;
// here the rules: order, replacement, unknown pictures, validation, audit and what the home page shows.

const db = async () => (await getTestContext()).database.db;
const operator = async () => createSession(await db(), { user: { roles: ["shopper", "operator"] } });

/** A picture uploaded by the operator as the back office does: the file as the body. */
async function upload(cookie: string, colour: { r: number; g: number; b: number }): Promise<string> {
  const body = await sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const { app } = await getTestContext();
  const res = await app.request(`${TEST_ORIGIN}/api/v1/admin/images`, {
    method: "POST",
    headers: { cookie, origin: TEST_ORIGIN, "content-type": "image/jpeg" },
    body,
  });
  return (await readJson<{ id: string }>(res)).id;
}

const fieldMessages = async (res: Response) => {
  expect(res.status).toBe(400);
  return ((await res.json()) as { fields: { field: string; message: string }[] }).fields;
};

// The worker's database (migrated and seeded) before the first test's clock starts.
beforeAll(async () => {
  await getTestContext();
});

const createdBanners: number[] = [];
afterAll(async () => {
  const staff = await operator();
  for (const id of createdBanners)
    await callApi(`/api/v1/admin/banners/${id}`, { method: "DELETE", cookie: staff.cookie });
});

describe("a product's photos", () => {
  it("replaces the set in the given order with the pictures' sizes, alt texts and placeholders, audited", async () => {
    const staff = await operator();
    const product = await createProduct(await db());
    const red = await upload(staff.cookie, { r: 200, g: 30, b: 30 });
    const blue = await upload(staff.cookie, { r: 30, g: 30, b: 200 });

    const saved = await readJson<ProductPhotos>(
      await callApi(`/api/v1/admin/products/${product.id}/photos`, {
        method: "PUT",
        cookie: staff.cookie,
        body: { imageIds: [blue, red] },
      }),
    );
    expect(saved.photos.map((p) => p.imageId)).toEqual([blue, red]);
    expect(saved.photos[0]).toMatchObject({
      url: `/img/${blue}`,
      width: 300,
      height: 400,
      alt: `${product.name}, фото 1`,
    });
    expect(saved.photos[0]?.placeholder).toMatch(/^#[0-9a-f]{6}$/);

    // Reordered: the red one leads, and the product page shows it first.
    await callApi(`/api/v1/admin/products/${product.id}/photos`, {
      method: "PUT",
      cookie: staff.cookie,
      body: { imageIds: [red, blue] },
    });
    const listed = await readJson<ProductPhotos>(
      await callApi(`/api/v1/admin/products/${product.id}/photos`, { cookie: staff.cookie }),
    );
    expect(listed.photos.map((p) => [p.imageId, p.alt])).toEqual([
      [red, `${product.name}, фото 1`],
      [blue, `${product.name}, фото 2`],
    ]);
    const page = await eventually(
      async () => readJson<{ images: { url: string }[] }>(await callApi(`/api/v1/products/${product.id}`)),
      (p) => p.images[0]?.url === `/img/${red}`,
    );
    expect(page.images.map((i) => i.url)).toEqual([`/img/${red}`, `/img/${blue}`]);

    const audit = await auditRowsOf(await db(), `product:${product.id}`);
    expect(audit.map((r) => r.action)).toEqual(["product.photos", "product.photos"]);
    expect(audit[1]).toMatchObject({
      actorUserId: staff.userId,
      details: { before: [blue, red], after: [red, blue] },
    });
  });

  it("finds a product by its SKU and by a part of its name", async () => {
    const staff = await operator();
    const product = await createProduct(await db());
    for (const q of [product.sku, product.name.slice(-8)]) {
      const found = await readJson<{ items: { id: number }[] }>(
        await callApi(`/api/v1/admin/products?q=${encodeURIComponent(q)}`, { cookie: staff.cookie }),
      );
      expect(found.items[0]?.id).toBe(product.id);
    }
  });

  it("refuses an unknown picture with 404 and keeps the photos as they were", async () => {
    const staff = await operator();
    const product = await createProduct(await db());
    const kept = await upload(staff.cookie, { r: 10, g: 150, b: 10 });
    await callApi(`/api/v1/admin/products/${product.id}/photos`, {
      method: "PUT",
      cookie: staff.cookie,
      body: { imageIds: [kept] },
    });
    const res = await callApi(`/api/v1/admin/products/${product.id}/photos`, {
      method: "PUT",
      cookie: staff.cookie,
      body: { imageIds: [kept, "nopenopenopenopenopeno"] },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "image_not_found" });
    const listed = await readJson<ProductPhotos>(
      await callApi(`/api/v1/admin/products/${product.id}/photos`, { cookie: staff.cookie }),
    );
    expect(listed.photos.map((p) => p.imageId)).toEqual([kept]);

    const missing = await callApi("/api/v1/admin/products/2000000000/photos", {
      method: "PUT",
      cookie: staff.cookie,
      body: { imageIds: [kept] },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "product_not_found" });
  });

  it("takes 1 to 10 different photos, saying why in Russian", async () => {
    const staff = await operator();
    const product = await createProduct(await db());
    const put = (imageIds: string[]) =>
      callApi(`/api/v1/admin/products/${product.id}/photos`, {
        method: "PUT",
        cookie: staff.cookie,
        body: { imageIds },
      });
    const id = "a".repeat(22);
    expect((await fieldMessages(await put([])))[0]?.message).toBe("У товара должно быть хотя бы одно фото");
    const eleven = Array.from({ length: 11 }, (_, i) => `${"b".repeat(20)}${String(i).padStart(2, "0")}`);
    expect((await fieldMessages(await put(eleven)))[0]?.message).toBe("Не больше 10 фото у товара");
    expect((await fieldMessages(await put([id, id])))[0]?.message).toBe("Одно фото добавлено дважды");
  });

  it("is for operators: a shopper gets 403 and changes nothing", async () => {
    const shopper = await createSession(await db());
    const product = await createProduct(await db());
    const res = await callApi(`/api/v1/admin/products/${product.id}/photos`, {
      method: "PUT",
      cookie: shopper.cookie,
      body: { imageIds: ["a".repeat(22)] },
    });
    expect(res.status).toBe(403);
    expect(await auditRowsOf(await db(), `product:${product.id}`)).toEqual([]);
  });
});

describe("banners", () => {
  const base = { subtitle: "Подзаголовок", link: "/catalog", theme: null, startsAt: null, endsAt: null };

  async function create(cookie: string, body: Record<string, unknown>): Promise<AdminBanner> {
    const banner = await readJson<AdminBanner>(
      await callApi("/api/v1/admin/banners", { method: "POST", cookie, body }),
    );
    createdBanners.push(banner.id);
    return banner;
  }

  it("creates, edits, deactivates, orders and deletes a banner, each audited", async () => {
    const staff = await operator();
    const imageId = await upload(staff.cookie, { r: 240, g: 200, b: 40 });
    const made = await create(staff.cookie, { ...base, title: "Распродажа техники", imageId });
    expect(made).toMatchObject({
      title: "Распродажа техники",
      imageId,
      image: { url: `/img/${imageId}`, width: 300, height: 400 },
      isActive: true,
      showingNow: true,
    });

    const edited = await readJson<AdminBanner>(
      await callApi(`/api/v1/admin/banners/${made.id}`, {
        method: "PUT",
        cookie: staff.cookie,
        body: { ...base, title: "Скидки на технику", imageId, theme: "halva", isActive: false },
      }),
    );
    expect(edited).toMatchObject({
      title: "Скидки на технику",
      theme: "halva",
      isActive: false,
      showingNow: false,
    });

    const list = await readJson<{ items: AdminBanner[] }>(
      await callApi("/api/v1/admin/banners", { cookie: staff.cookie }),
    );
    const ids = list.items.map((b) => b.id);
    const reordered = await readJson<{ items: AdminBanner[] }>(
      await callApi("/api/v1/admin/banners/order", {
        method: "PUT",
        cookie: staff.cookie,
        body: { ids: [made.id, ...ids.filter((id) => id !== made.id)] },
      }),
    );
    expect(reordered.items[0]?.id).toBe(made.id);
    const stale = await callApi("/api/v1/admin/banners/order", {
      method: "PUT",
      cookie: staff.cookie,
      body: { ids: [made.id] },
    });
    expect(ids.length === 1 ? 200 : stale.status).toBe(ids.length === 1 ? 200 : 409);

    const deleted = await callApi(`/api/v1/admin/banners/${made.id}`, {
      method: "DELETE",
      cookie: staff.cookie,
    });
    expect(deleted.status).toBe(204);
    const again = await callApi(`/api/v1/admin/banners/${made.id}`, {
      method: "DELETE",
      cookie: staff.cookie,
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "banner_not_found" });

    const audit = await auditRowsOf(await db(), `banner:${made.id}`);
    expect(audit.map((r) => r.action)).toEqual(["banner.create", "banner.update", "banner.delete"]);
    expect(audit[1]).toMatchObject({
      actorUserId: staff.userId,
      details: { isActive: false, theme: "halva" },
    });
  });

  it("checks a banner's fields, with Russian messages", async () => {
    const staff = await operator();
    const post = (body: Record<string, unknown>) =>
      callApi("/api/v1/admin/banners", { method: "POST", cookie: staff.cookie, body });
    const imageId = "c".repeat(22);
    const message = async (body: Record<string, unknown>) =>
      (await fieldMessages(await post(body)))[0]?.message;
    expect(await message({ ...base, title: "  ", imageId })).toBe("Введите заголовок");
    expect(await message({ ...base, title: "x".repeat(121), imageId })).toBe(
      "Заголовок — не длиннее 120 символов",
    );
    for (const link of ["https://evil.example/", "//evil.example", "catalog"])
      expect(await message({ ...base, title: "Баннер", imageId, link })).toBe(
        "Ссылка ведёт на страницу магазина: начинается с /, например /catalog",
      );
    expect(
      await message({
        ...base,
        title: "Баннер",
        imageId,
        startsAt: "2026-12-10T00:00:00Z",
        endsAt: "2026-12-01T00:00:00Z",
      }),
    ).toBe("Окончание показа должно быть позже начала");
    expect(await message({ ...base, title: "Баннер", imageId, theme: "dark" })).toBe(
      "Тема: alfa, halva или обе (null)",
    );
    const unknown = await post({ ...base, title: "Баннер", imageId });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "image_not_found" });
  });

  it("shows on the home page the active banners of the shop's theme within their dates, in order", async () => {
    const staff = await operator();
    const imageId = await upload(staff.cookie, { r: 90, g: 60, b: 200 });
    const day = 24 * 3600 * 1000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const now = await create(staff.cookie, { ...base, title: "Сейчас, обе темы", imageId });
    const alfa = await create(staff.cookie, {
      ...base,
      title: "Сейчас, alfa",
      imageId,
      theme: "alfa",
      startsAt: iso(-day),
      endsAt: iso(day),
    });
    const halva = await create(staff.cookie, { ...base, title: "Сейчас, halva", imageId, theme: "halva" });
    const later = await create(staff.cookie, { ...base, title: "Завтра", imageId, startsAt: iso(day) });
    const over = await create(staff.cookie, {
      ...base,
      title: "Вчера",
      imageId,
      startsAt: iso(-2 * day),
      endsAt: iso(-day),
    });
    const off = await create(staff.cookie, { ...base, title: "Выключен", imageId, isActive: false });
    // Ours first, so the home page's limit of 8 keeps them whatever the seed has.
    const all = await readJson<{ items: AdminBanner[] }>(
      await callApi("/api/v1/admin/banners", { cookie: staff.cookie }),
    );
    const ours = [alfa.id, now.id, halva.id, later.id, over.id, off.id];
    await callApi("/api/v1/admin/banners/order", {
      method: "PUT",
      cookie: staff.cookie,
      body: { ids: [...ours, ...all.items.map((b) => b.id).filter((id) => !ours.includes(id))] },
    });

    const shown = (home: HomeData) => home.banners.map((b) => b.id).filter((id) => ours.includes(id));
    const alfaHome = await eventually(
      async () => readJson<HomeData>(await callApi("/api/v1/main/home")),
      (home) => shown(home).length === 2 && shown(home)[0] === alfa.id,
    );
    expect(shown(alfaHome)).toEqual([alfa.id, now.id]);
    expect(alfaHome.banners[0]).toMatchObject({
      title: "Сейчас, alfa",
      link: "/catalog",
      image: { url: `/img/${imageId}`, width: 300, height: 400 },
    });
    expect(alfaHome.banners[0]?.image.blur).toMatch(/^data:image\/png;base64,/);

    const halvaApp = await appWith({ THEME: "halva", CACHE_TTL_S: "0" });
    const halvaHome = await readJson<HomeData>(await halvaApp.request(`${TEST_ORIGIN}/api/v1/main/home`));
    expect(shown(halvaHome)).toEqual([now.id, halva.id]);
  });

  it("gives the home page every catalogue section with a picture of a product in stock", async () => {
    const home = await readJson<HomeData>(await callApi("/api/v1/main/home"));
    expect(home.categories.length).toBeGreaterThan(3);
    for (const c of home.categories.filter((x) => x.image))
      expect(c.image?.url).toMatch(/^\/img\/[\w-]{22}$/);
    expect(home.categories.filter((c) => c.image).length).toBeGreaterThan(3);
  });
});
