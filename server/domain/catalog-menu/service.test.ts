import { describe, expect, it } from "vitest";
import { buildCatalogMenu, buildMenuNode, type MenuRow, menuHref } from "./service.ts";

const row = (
  id: number,
  parentId: number | null,
  title: string,
  category: [number, string] | null = null,
): MenuRow => ({
  id,
  parentId,
  title,
  categoryId: category?.[0] ?? null,
  categorySlug: category?.[1] ?? null,
});

// In menu order, as the repository returns them (position, then id), not grouped by level.
const ROWS: MenuRow[] = [
  row(1, null, "Электроника", [10, "elektronika"]),
  row(4, 1, "Смартфоны и гаджеты", [11, "smartfony-i-gadzhety"]),
  row(7, 4, "Смартфоны", [12, "smartfony"]),
  row(2, null, "Популярное"),
  row(5, 2, "Смартфоны", [12, "smartfony"]),
  row(8, 4, "Планшеты", [13, "planshety"]),
  row(6, 1, "Подборки"),
  row(9, 6, "Новинки"),
  row(10, 9, "Слишком глубоко", [14, "x"]),
];

describe("menuHref", () => {
  it("leads to the category page when the node has a category, else to its own menu page", () => {
    expect(menuHref({ id: 7, categoryId: 12, categorySlug: "smartfony" })).toBe("/catalog/12/smartfony");
    expect(menuHref({ id: 2, categoryId: null, categorySlug: null })).toBe("/catalog-menu/2");
    // The category was deleted (the foreign key sets null on the join side only).
    expect(menuHref({ id: 3, categoryId: 99, categorySlug: null })).toBe("/catalog-menu/3");
  });
});

describe("buildCatalogMenu", () => {
  it("nests roots, their children and grandchildren in menu order, and nothing deeper", () => {
    expect(buildCatalogMenu(ROWS)).toEqual({
      items: [
        {
          id: 1,
          title: "Электроника",
          href: "/catalog/10/elektronika",
          children: [
            {
              id: 4,
              title: "Смартфоны и гаджеты",
              href: "/catalog/11/smartfony-i-gadzhety",
              children: [
                { id: 7, title: "Смартфоны", href: "/catalog/12/smartfony" },
                { id: 8, title: "Планшеты", href: "/catalog/13/planshety" },
              ],
            },
            {
              id: 6,
              title: "Подборки",
              href: "/catalog-menu/6",
              children: [{ id: 9, title: "Новинки", href: "/catalog-menu/9" }],
            },
          ],
        },
        {
          id: 2,
          title: "Популярное",
          href: "/catalog-menu/2",
          children: [{ id: 5, title: "Смартфоны", href: "/catalog/12/smartfony", children: [] }],
        },
      ],
    });
  });

  it("is empty for an empty menu", () => {
    expect(buildCatalogMenu([])).toEqual({ items: [] });
  });
});

describe("buildMenuNode", () => {
  it("gives a root no ancestors and counts each child's nodes and products", () => {
    const node = buildMenuNode(ROWS, 1, new Map([[11, 42]]));
    expect(node).toEqual({
      id: 1,
      title: "Электроника",
      href: "/catalog/10/elektronika",
      categoryId: 10,
      ancestors: [],
      children: [
        {
          id: 4,
          title: "Смартфоны и гаджеты",
          href: "/catalog/11/smartfony-i-gadzhety",
          childrenCount: 2,
          productCount: 42,
        },
        { id: 6, title: "Подборки", href: "/catalog-menu/6", childrenCount: 1, productCount: null },
      ],
    });
  });

  it("lists the chain from the root down to the parent", () => {
    const node = buildMenuNode(ROWS, 10);
    expect(node?.ancestors.map((a) => a.id)).toEqual([1, 6, 9]);
    expect(node?.children).toEqual([]);
  });

  it("counts a category without products as 0", () => {
    expect(buildMenuNode(ROWS, 4)?.children.map((c) => c.productCount)).toEqual([0, 0]);
  });

  it("is undefined for an unknown id", () => {
    expect(buildMenuNode(ROWS, 404)).toBeUndefined();
  });

  it("stops at a cycle instead of looping", () => {
    const cyclic = [row(1, 2, "А"), row(2, 1, "Б")];
    expect(buildMenuNode(cyclic, 1)?.ancestors.map((a) => a.id)).toEqual([2]);
  });
});
