import { describe, expect, it } from "vitest";
import { type ReviewList, reviewListSchema } from "#contract/catalog.ts";
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
