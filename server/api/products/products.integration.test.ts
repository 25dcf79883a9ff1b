import { describe, expect, it } from "vitest";
import { type ProductList, productDetailSchema, productListSchema } from "#contract/catalog.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { TEST_SEED_PRODUCTS } from "#tests/fixtures/test-database.ts";

async function list(query: string): Promise<ProductList> {
  const { app } = await getTestContext();
  const res = await app.request(`/api/v1/products?${query}`);
  expect(res.status).toBe(200);
  return productListSchema.parse(await res.json());
}

describe("GET /api/v1/products", () => {
  it("pages through every product exactly once in a stable order", async () => {
    // The seeded ones and whatever suites that ran earlier in this worker added (files share the database).
    const { total } = await list("limit=1&sort=popular");
    expect(total).toBeGreaterThanOrEqual(TEST_SEED_PRODUCTS);
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 100); page++) {
      const body = await list(`limit=100&page=${page}&sort=popular`);
      expect(body.total).toBe(total);
      for (const item of body.items) seen.add(item.id);
    }
    expect(seen.size).toBe(total);
  });

  it("sorts by price both ways", async () => {
    const up = (await list("limit=50&sort=price_asc")).items.map((p) => p.price);
    const down = (await list("limit=50&sort=price_desc")).items.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(up[0]).toBeLessThanOrEqual(down.at(-1)!);
  });

  it("returns cards with prices in kopecks, a discount that matches the old price and a first image", async () => {
    const { items } = await list("limit=100&sort=discount");
    const discounted = items.filter((p) => p.oldPrice !== null);
    expect(discounted.length).toBeGreaterThan(0);
    for (const p of discounted) {
      expect(p.oldPrice!).toBeGreaterThan(p.price);
      expect(p.discountPercent).toBe(Math.round((100 * (p.oldPrice! - p.price)) / p.oldPrice!));
    }
    expect(items.every((p) => Number.isInteger(p.price) && p.image?.url.startsWith("/img/"))).toBe(true);
  });

  it("rejects invalid parameters with 400 naming each offending field", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/products?limit=0&sort=cheapest");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
    expect(body.fields.map((f: { field: string }) => f.field).sort()).toEqual(["query.limit", "query.sort"]);
  });
});

describe("GET /api/v1/products/{id}", () => {
  it("returns the full product with images, properties, category and seller", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/products/1");
    expect(res.status).toBe(200);
    const product = productDetailSchema.parse(await res.json());
    expect(product.id).toBe(1);
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.properties.length).toBeGreaterThan(0);
    expect(product.seller.name).not.toBe("");
    expect(product.category.name).not.toBe("");
  });

  it("answers 404 JSON for a product that does not exist", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/products/999999");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      status: 404,
      code: "product_not_found",
      type: "not_found",
      message: "Товар не найден",
    });
  });

  it("answers 400 for a non-numeric id", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/products/abc");
    expect(res.status).toBe(400);
    expect((await res.json()).fields[0].field).toBe("path.id");
  });
});

describe("GET /api/v1/products?categoryId", () => {
  it("lists a category's whole subtree", async () => {
    const { app } = await getTestContext();
    const tree = await (await app.request("/api/v1/categories")).json();
    const top = tree.items.find((c: { name: string }) => c.name === "Электроника");
    const leaf = top.children[0].children[0];
    const inTop = await list(`categoryId=${top.id}&limit=100`);
    const inLeaf = await list(`categoryId=${leaf.id}&limit=100`);
    expect(inTop.total).toBeGreaterThan(inLeaf.total);
    expect(inLeaf.total).toBeGreaterThan(0);
    const all = await list("limit=1");
    expect(inTop.total).toBeLessThan(all.total);
  });
});
