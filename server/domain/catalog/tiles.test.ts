import { describe, expect, it } from "vitest";
import { type CategoryTileRow, nestTiles } from "./tiles.ts";

const row = (over: Partial<CategoryTileRow> & Pick<CategoryTileRow, "id">): CategoryTileRow => ({
  parentId: null,
  name: `c${over.id}`,
  slug: `c${over.id}`,
  url: null,
  width: null,
  height: null,
  placeholder: null,
  ...over,
});

describe("nestTiles", () => {
  it("puts each branch under its section in order, a category without a picture with none", () => {
    const tiles = nestTiles([
      row({ id: 1 }),
      row({ id: 2, url: "/img/a", width: 600, height: 800, placeholder: "" }),
      row({ id: 11, parentId: 1, url: "/img/b", width: 600, height: 800, placeholder: "" }),
      row({ id: 21, parentId: 2 }),
      row({ id: 12, parentId: 1 }),
    ]);
    expect(tiles.items.map((s) => [s.id, s.children.map((b) => b.id)])).toEqual([
      [1, [11, 12]],
      [2, [21]],
    ]);
    expect(tiles.items[0]?.image).toBeNull();
    expect(tiles.items[0]?.children[0]?.image).toMatchObject({ url: "/img/b", width: 600, height: 800 });
    expect(tiles.items[0]?.children[1]?.image).toBeNull();
  });

  it("drops a branch whose section is not in the rows", () => {
    expect(nestTiles([row({ id: 5, parentId: 99 })]).items).toEqual([]);
  });
});
