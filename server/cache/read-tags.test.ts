import { describe, expect, it } from "vitest";
import { noteReads } from "./memoize.ts";
import { collectReadTags, noteReadTags } from "./read-tags.ts";

const service = {
  product: async (id: number) => ({ id }),
  somethingNew: async () => "unknown read",
  constant: 5,
};

describe("read tags", () => {
  const noted = noteReads(service, { product: (id) => [`product:${id}`] }, () => ["listing"]);

  it("collects the tags of every read a piece of work makes, the fallback for a method not named", async () => {
    const tags = new Set<string>(["catalog"]);
    const result = await collectReadTags(tags, async () => {
      await noted.product(3);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return noted.somethingNew();
    });
    expect(result).toBe("unknown read");
    expect([...tags].sort()).toEqual(["catalog", "listing", "product:3"]);
    expect(noted.constant).toBe(5);
  });

  it("keeps concurrent pieces of work apart, and notes nothing outside any", async () => {
    const a = new Set<string>();
    const b = new Set<string>();
    await Promise.all([
      collectReadTags(a, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await noted.product(1);
      }),
      collectReadTags(b, async () => {
        await noted.product(2);
      }),
    ]);
    await noted.product(9);
    noteReadTags(["stray"]);
    expect([...a]).toEqual(["product:1"]);
    expect([...b]).toEqual(["product:2"]);
  });
});
