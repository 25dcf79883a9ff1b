import { describe, expect, it } from "vitest";
import { type CategoryNode, categoryTreeSchema } from "#contract/catalog.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

function depthOf(nodes: CategoryNode[]): number {
  return nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depthOf(n.children)));
}

describe("GET /api/v1/categories", () => {
  it("returns the whole tree: at least 8 top-level categories, three levels deep", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/categories");
    expect(res.status).toBe(200);
    const { items } = categoryTreeSchema.parse(await res.json());
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(depthOf(items)).toBe(3);
    expect(items.map((c) => c.name)).toContain("Электроника");
  });

  it("cuts the tree at the requested depth", async () => {
    const { app } = await getTestContext();
    const { items } = categoryTreeSchema.parse(
      await (await app.request("/api/v1/categories?depth=1")).json(),
    );
    expect(items.every((c) => c.children.length === 0)).toBe(true);
    expect((await app.request("/api/v1/categories?depth=9")).status).toBe(400);
  });
});
