import { describe, expect, it } from "vitest";
import { type CatalogTiles, catalogTilesSchema } from "#contract/catalog-tiles.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { bestPictureBelow, inStockBelow, setHasStock } from "#tests/fixtures/tiles-data.ts";

async function tiles(): Promise<CatalogTiles> {
  const { app } = await getTestContext();
  const res = await app.request("/api/v1/categories/tiles");
  expect(res.status).toBe(200);
  return catalogTilesSchema.parse(await res.json());
}

describe("GET /api/v1/categories/tiles", () => {
  it("gives every section its branches, each with a picture of a product in stock below it", async () => {
    const { database } = await getTestContext();
    const { items } = await tiles();
    expect(items.length).toBeGreaterThanOrEqual(8);
    const branches = items.flatMap((s) => s.children);
    expect(branches.length).toBeGreaterThan(items.length);
    // The seed stocks every branch: each has a picture of the pipeline, with its colour.
    for (const b of branches) {
      expect(b.image, b.name).not.toBeNull();
      expect(b.image?.url).toMatch(/^\/img\/[\w-]+$/);
      expect(b.image?.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    }
    // Each picture is the hero of the branch's most popular product a shopper can buy now.
    for (const b of branches.slice(0, 12)) {
      const best = await bestPictureBelow(database.db, b.id);
      expect(b.image?.url, b.name).toBe(best);
    }
  });

  it("never shows a sold-out product: a branch with nothing in stock has no picture", async () => {
    const { database } = await getTestContext();
    const before = await tiles();
    const branch = before.items[0]?.children[0];
    if (!branch) throw new Error("the seed has no branches");
    const ids = await inStockBelow(database.db, branch.id);
    await setHasStock(database.db, ids, false);
    try {
      // The cached answer is dropped by the database's change notice, which arrives on its own time.
      await expect
        .poll(async () => (await tiles()).items[0]?.children.find((b) => b.id === branch.id)?.image)
        .toBeNull();
      // Its section still shows a product from another branch.
      expect((await tiles()).items[0]?.image).not.toBeNull();
    } finally {
      await setHasStock(database.db, ids, true);
    }
    await expect.poll(async () => (await tiles()).items[0]?.children[0]?.image).toEqual(branch.image);
  });
});
