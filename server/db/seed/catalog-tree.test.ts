import { describe, expect, it } from "vitest";
import { brandByCode } from "./brands.ts";
import { brandCodesInTree, catalogTree, categoryNodes, leafCategories } from "./catalog-tree.ts";
import { menuNodes } from "./menu.ts";

describe("category tree", () => {
  it("has at least 8 sections, each three levels deep", () => {
    expect(catalogTree.length).toBeGreaterThanOrEqual(8);
    for (const section of catalogTree) {
      expect(section.children.length).toBeGreaterThanOrEqual(3);
      for (const branch of section.children) expect(branch.children.length).toBeGreaterThanOrEqual(3);
    }
    expect(leafCategories.length).toBeGreaterThanOrEqual(70);
    expect(new Set(categoryNodes.map((c) => c.depth))).toEqual(new Set([0, 1, 2]));
  });

  it("lists parents before children with unique keys and slugs", () => {
    const seen = new Set<string>();
    for (const node of categoryNodes) {
      if (node.parentKey !== null) expect(seen.has(node.parentKey)).toBe(true);
      seen.add(node.key);
      expect(node.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(seen.size).toBe(categoryNodes.length);
    expect(new Set(categoryNodes.map((c) => c.slug)).size).toBe(categoryNodes.length);
  });

  it("gives every leaf a product type, templates, brands, a price range and typed properties", () => {
    for (const { leaf } of leafCategories) {
      const where = leaf.name;
      expect(leaf.type, where).toMatch(/[А-Яа-яЁё]/);
      expect(leaf.titles.length, where).toBeGreaterThan(0);
      expect(leaf.facts.length, where).toBeGreaterThanOrEqual(2);
      expect(leaf.brands.length, where).toBeGreaterThanOrEqual(3);
      expect(leaf.price[0], where).toBeGreaterThan(0);
      expect(leaf.price[1], where).toBeGreaterThan(leaf.price[0]);
      expect(leaf.properties.length, where).toBeGreaterThanOrEqual(2);
      const codes = leaf.properties.map((p) => p.code);
      expect(new Set(codes).size, where).toBe(codes.length);
      for (const p of leaf.properties) {
        expect(p.name, `${where}/${p.code}`).toMatch(/\S/);
        if (p.kind === "enum") {
          expect(p.options.length, `${where}/${p.code}`).toBeGreaterThan(0);
          if (p.weights) expect(p.weights.length, `${where}/${p.code}`).toBe(p.options.length);
        }
        if (p.kind === "number") {
          expect(p.values.length, `${where}/${p.code}`).toBeGreaterThan(0);
          expect(
            [...p.values].sort((a, b) => a - b),
            `${where}/${p.code}`,
          ).toEqual([...p.values]);
          if (p.weights) expect(p.weights.length, `${where}/${p.code}`).toBe(p.values.length);
        }
      }
      for (const brand of Object.keys(leaf.models ?? {})) expect(leaf.brands, where).toContain(brand);
      for (const [brand, overrides] of Object.entries(leaf.brandOptions ?? {})) {
        expect(leaf.brands, where).toContain(brand);
        for (const code of Object.keys(overrides)) expect(codes, where).toContain(code);
      }
    }
  });

  it("only uses known brands", () => {
    for (const code of brandCodesInTree()) expect(brandByCode.has(code), code).toBe(true);
  });

  it("has the smartphone memory property the storefront filters on", () => {
    const phones = leafCategories.find(({ leaf }) => leaf.name === "Смартфоны");
    expect(phones?.leaf.properties.map((p) => p.code)).toEqual(
      expect.arrayContaining(["memory", "ram", "screen", "color"]),
    );
  });
});

describe("catalogue menu", () => {
  it("mirrors every category and adds curated nodes pointing at real categories", () => {
    const keys = new Set(categoryNodes.map((c) => c.key));
    const mirrored = menuNodes.filter((m) => m.categoryKey !== null && m.key === m.categoryKey);
    expect(mirrored).toHaveLength(categoryNodes.length);
    expect(menuNodes.length).toBeGreaterThan(categoryNodes.length);
    for (const node of menuNodes) if (node.categoryKey) expect(keys.has(node.categoryKey)).toBe(true);
    const seen = new Set<string>();
    for (const node of menuNodes) {
      if (node.parentKey) expect(seen.has(node.parentKey)).toBe(true);
      seen.add(node.key);
    }
  });
});
