import { describe, expect, it } from "vitest";
import { brands } from "./brands.ts";
import { brandCodesInTree } from "./catalog-tree.ts";

describe("brands", () => {
  it("has at least 60 brands with unique slug codes", () => {
    expect(brands.length).toBeGreaterThanOrEqual(60);
    expect(new Set(brands.map((b) => b.code)).size).toBe(brands.length);
    for (const b of brands) expect(b.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("describes every brand in two or three Russian sentences and links its logo", () => {
    for (const b of brands) {
      expect(b.name.trim()).toBe(b.name);
      expect(b.logoUrl).toBe(`/media/brands/${b.code}.svg`);
      expect(b.description).toMatch(/[А-Яа-яЁё]/);
      const sentences = b.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length, b.code).toBeGreaterThanOrEqual(2);
      expect(sentences.length, b.code).toBeLessThanOrEqual(3);
    }
  });

  it("sells every brand in at least one category", () => {
    const used = new Set(brandCodesInTree());
    for (const b of brands) expect(used.has(b.code), b.code).toBe(true);
  });
});
