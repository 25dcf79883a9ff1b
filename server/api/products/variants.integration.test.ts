import { beforeAll, describe, expect, it } from "vitest";
import { type ProductDetail, productDetailSchema } from "#contract/catalog.ts";
import {
  firstProductWithoutLine,
  seededLines,
  sellerCounts,
  setStock,
} from "#tests/fixtures/model-line-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/** ADR 065: a product of a model line carries its siblings' picker; every product, its seller's figures. */

async function product(id: number): Promise<ProductDetail> {
  const { app } = await getTestContext();
  const res = await app.request(`/api/v1/products/${id}`);
  expect(res.status).toBe(200);
  return productDetailSchema.parse(await res.json());
}

const db = async () => (await getTestContext()).database.db;

describe("GET /api/v1/products/{id}: the model line", () => {
  // The worker's seeded database, made in the hook's time rather than the first test's.
  beforeAll(() => getTestContext());

  it("lists the seeded lines' siblings, one link per value, the current product marked", async () => {
    const lines = await seededLines(await db(), { limit: 3 });
    expect(lines.length).toBeGreaterThan(0);
    for (const ids of lines) {
      for (const id of ids) {
        const p = await product(id);
        expect(p.variants.length, p.name).toBeGreaterThan(0);
        for (const property of p.variants) {
          // The product's own value of the property is the current option, and links to itself.
          const own = p.properties.find((v) => v.code === property.code)?.value;
          expect(property.options.filter((o) => o.current)).toEqual([
            expect.objectContaining({ value: own, productId: id }),
          ]);
          expect(new Set(property.options.map((o) => o.value)).size).toBe(property.options.length);
          for (const option of property.options) expect(ids).toContain(option.productId);
        }
        // Every other sibling is one choice away, or two in a grid of two properties.
        const linked = new Set(p.variants.flatMap((v) => v.options.map((o) => o.productId)));
        expect(linked.size).toBeGreaterThanOrEqual(Math.min(ids.length, 2));
      }
    }
  });

  it("dims a sold-out sibling's option and leaves a product without a line with no picker", async () => {
    // A line the test above did not read: a sibling's stock drops its own page, not the other's (ADR 065).
    const [line] = await seededLines(await db(), { size: 2, limit: 1, last: true });
    const [first, second] = line as [number, number];
    const before = await setStock(await db(), second, 0);
    try {
      const option = (await product(first)).variants[0]?.options.find((o) => o.productId === second);
      expect(option).toMatchObject({ current: false, available: false });
    } finally {
      await setStock(await db(), second, before);
    }
    expect((await product(await firstProductWithoutLine(await db()))).variants).toEqual([]);
  });

  it("gives the seller card the seller's products and orders, counted", async () => {
    const p = await product(1);
    const counts = await sellerCounts(await db(), p.seller.code);
    expect(p.seller.productsCount).toBe(counts.products);
    expect(p.seller.ordersCount).toBe(counts.orders);
    expect(p.seller.productsCount).toBeGreaterThan(0);
    const { app } = await getTestContext();
    const seller = await (await app.request(`/api/v1/sellers/${p.seller.code}`)).json();
    expect(seller).toMatchObject({ productsCount: counts.products, ordersCount: counts.orders });
  });
});
