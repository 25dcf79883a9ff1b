import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type ReviewList, reviewListSchema } from "#contract/catalog.ts";
import type { Database } from "#server/db/client.ts";
import { createCatalogRepository } from "#server/domain/catalog/repository.ts";
import { createCatalogService } from "#server/domain/catalog/service.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

async function reviewedProduct(): Promise<{ id: number; reviewsCount: number; rating: number }> {
  const { app } = await getTestContext();
  const { items } = await (await app.request("/api/v1/products?sort=rating&limit=100")).json();
  return items.find((p: { reviewsCount: number }) => p.reviewsCount >= 4);
}

async function reviews(id: number, query = ""): Promise<ReviewList> {
  const { app } = await getTestContext();
  const res = await app.request(`/api/v1/products/${id}/reviews${query}`);
  expect(res.status).toBe(200);
  return reviewListSchema.parse(await res.json());
}

describe("GET /api/v1/products/{id}/reviews", () => {
  it("gives the star distribution and an average that match the product card", async () => {
    const product = await reviewedProduct();
    const list = await reviews(product.id);
    expect(list.total).toBe(product.reviewsCount);
    expect(list.distribution.map((d) => d.rating)).toEqual([5, 4, 3, 2, 1]);
    expect(list.distribution.reduce((n, d) => n + d.count, 0)).toBe(product.reviewsCount);
    expect(list.average).toBeCloseTo(product.rating, 1);
  });

  it("sorts by date and by rating, and pages without overlap", async () => {
    const product = await reviewedProduct();
    const byDate = await reviews(product.id, "?limit=50");
    const dates = byDate.items.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const best = (await reviews(product.id, "?sort=rating_desc&limit=50")).items.map((r) => r.rating);
    expect(best).toEqual([...best].sort((a, b) => b - a));
    const worst = (await reviews(product.id, "?sort=rating_asc&limit=50")).items.map((r) => r.rating);
    expect(worst).toEqual([...worst].sort((a, b) => a - b));
    const p1 = await reviews(product.id, "?limit=2&page=1");
    const p2 = await reviews(product.id, "?limit=2&page=2");
    expect(p1.items.map((r) => r.id).filter((id) => p2.items.some((r) => r.id === id))).toEqual([]);
  });

  it("answers 404 for an unknown product and 400 for a bad sort", async () => {
    const { app } = await getTestContext();
    expect((await app.request("/api/v1/products/999999/reviews")).status).toBe(404);
    expect((await app.request("/api/v1/products/1/reviews?sort=best")).status).toBe(400);
  });
});

/** A product some of whose reviews (at least two) have photos and some do not. */
async function productWithPhotoReviews(): Promise<{ id: number; list: ReviewList }> {
  const { app } = await getTestContext();
  const { items } = await (await app.request("/api/v1/products?sort=popular&limit=100")).json();
  for (const p of items as { id: number; reviewsCount: number }[]) {
    if (p.reviewsCount < 4) continue;
    const list = await reviews(p.id, "?limit=50");
    if (list.withPhotosCount >= 2 && list.withPhotosCount < list.total) return { id: p.id, list };
  }
  throw new Error("no product with photo reviews in the test seed");
}

describe("review photos", () => {
  it("lists each review's photos in order, with sizes and alt text, and counts reviews with photos", async () => {
    const { list } = await productWithPhotoReviews();
    const withPhotos = list.items.filter((r) => r.photos.length > 0);
    expect(withPhotos.length).toBe(list.withPhotosCount);
    for (const review of list.items) {
      expect(review.photos.length).toBeLessThanOrEqual(4);
      review.photos.forEach((photo, position) => {
        // Drawn by the image pipeline (ADR 069): a page adds the width it needs.
        expect(photo.url).toMatch(/^\/img\/g[\w-]{21}$/);
        expect(photo.thumbUrl).toBe(photo.url);
        expect(photo.width).toBeGreaterThan(0);
        expect(photo.height).toBeGreaterThan(0);
        expect(photo.alt).toContain(`фото покупателя, ${position + 1} из ${review.photos.length}`);
      });
    }
    const ids = list.items.flatMap((r) => r.photos.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("withPhotos=true returns only reviews with photos, paged over them, with the summary of all reviews", async () => {
    const { id, list: all } = await productWithPhotoReviews();
    const filtered = await reviews(id, "?withPhotos=true&limit=50");
    expect(filtered.total).toBe(all.withPhotosCount);
    expect(filtered.items.length).toBe(all.withPhotosCount);
    expect(filtered.items.every((r) => r.photos.length > 0)).toBe(true);
    expect(filtered.items.map((r) => r.id)).toEqual(
      all.items.filter((r) => r.photos.length > 0).map((r) => r.id),
    );
    // The summary does not change with the filter.
    expect(filtered.distribution).toEqual(all.distribution);
    expect(filtered.average).toBe(all.average);
    expect(filtered.withPhotosCount).toBe(all.withPhotosCount);
    const first = await reviews(id, "?withPhotos=true&limit=1&page=1");
    const second = await reviews(id, "?withPhotos=true&limit=1&page=2");
    expect(first.items[0]?.id).toBe(filtered.items[0]?.id);
    expect(second.items[0]?.id).toBe(filtered.items[1]?.id);
    expect((await reviews(id, "?withPhotos=false&limit=50")).total).toBe(all.total);
  });

  it("rejects a malformed withPhotos", async () => {
    const { app } = await getTestContext();
    expect((await app.request("/api/v1/products/1/reviews?withPhotos=maybe")).status).toBe(400);
  });

  it("reads the photos of a whole page in one query, however many reviews it has", async () => {
    const { database } = await getTestContext();
    const { id } = await productWithPhotoReviews();
    let selects = 0;
    const counting = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === "select") selects++;
        return Reflect.get(target, key, receiver);
      },
    }) as Database;
    const service = createCatalogService(createCatalogRepository(counting));
    const queriesFor = async (limit: number) => {
      selects = 0;
      const page = await service.reviews(id, { sort: "new", page: 1, limit, withPhotos: true });
      return { selects, photos: page.items.reduce((n, r) => n + r.photos.length, 0) };
    };
    const one = await queriesFor(1);
    const many = await queriesFor(50);
    expect(many.photos).toBeGreaterThan(one.photos);
    expect(many.selects).toBe(one.selects);
  });

  it("serves every photo through the image pipeline at a page's widths, no review repeating a photo", async () => {
    const { app } = await getTestContext();
    const { list } = await productWithPhotoReviews();
    for (const review of list.items.filter((r) => r.photos.length > 0)) {
      expect(new Set(review.photos.map((p) => p.url)).size).toBe(review.photos.length);
    }
    const photo = list.items.flatMap((r) => r.photos)[0]!;
    for (const width of [160, 960]) {
      const res = await app.request(`${photo.url}/${width}`, { headers: { accept: "image/webp,*/*" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(width);
      // The copy keeps the photo's frame: upright, landscape or square.
      expect(Math.round((meta.height! / meta.width!) * 100)).toBe(
        Math.round((photo.height / photo.width) * 100),
      );
    }
  });

  it("still draws the photos of a database seeded before the pipeline at /media, 404 for none", async () => {
    const { app } = await getTestContext();
    const { list } = await productWithPhotoReviews();
    const review = list.items.find((r) => r.photos.length > 0)!;
    const res = await app.request(`/media/reviews/${review.id}/0.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect((await app.request(`/media/reviews/${review.id}/${review.photos.length}.svg`)).status).toBe(404);
    expect((await app.request("/media/reviews/999999999/0.svg")).status).toBe(404);
    expect((await app.request(`/media/reviews/${review.id}/x.svg`)).status).toBe(404);
  });
});
