import { describe, expect, it } from "vitest";
import { seedSample } from "#tests/fixtures/seed-sample.ts";
import { leafCategories } from "./catalog-tree.ts";
import {
  BASE_DATE,
  formatValue,
  generateProduct,
  generateProducts,
  type ProductSeed,
  roundPrice,
  skuFor,
} from "./products.ts";
import { DEFAULT_SEED, Random } from "./random.ts";

// The rules below hold for every product; `npm run test:seed` checks them over the full-size sample.
const { products, templates } = seedSample({
  small: { products: 400, templates: 2_000 },
  full: { products: 3_000, templates: 15_000 },
});
const SAMPLE = generateProducts(DEFAULT_SEED, 0, products);
const CYRILLIC = /[А-Яа-яЁё]/;

describe(`product generator, over ${products} products`, () => {
  it("is deterministic: the same seed gives identical products", () => {
    expect(generateProducts(DEFAULT_SEED, 0, 50)).toEqual(SAMPLE.slice(0, 50));
  });

  it("does not depend on how many products are generated or in which chunks", () => {
    const last = SAMPLE.length - 1;
    const middle = Math.floor(SAMPLE.length / 3);
    expect(generateProduct(DEFAULT_SEED, last)).toEqual(SAMPLE[last]);
    expect(generateProducts(DEFAULT_SEED, middle, 10)).toEqual(SAMPLE.slice(middle, middle + 10));
  });

  it("changes with the seed", () => {
    expect(generateProducts(DEFAULT_SEED + 1, 0, 50).map((p) => p.name)).not.toEqual(
      SAMPLE.slice(0, 50).map((p) => p.name),
    );
  });

  it("puts one product on every shelf first", () => {
    const keys = SAMPLE.slice(0, leafCategories.length).map((p) => p.categoryKey);
    expect(new Set(keys)).toEqual(new Set(leafCategories.map((l) => l.key)));
  });

  it("keeps the money and stock invariants the database enforces", () => {
    for (const p of SAMPLE) {
      expect(Number.isInteger(p.price), p.name).toBe(true);
      expect(p.price, p.name).toBeGreaterThan(0);
      expect(p.price % 100, p.name).toBe(0);
      if (p.oldPrice !== null) {
        expect(Number.isInteger(p.oldPrice)).toBe(true);
        expect(p.oldPrice, p.name).toBeGreaterThan(p.price);
      }
      expect(p.cashbackPercent).toBeGreaterThanOrEqual(0);
      expect(p.cashbackPercent).toBeLessThanOrEqual(100);
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(p.stock).toBeLessThanOrEqual(200);
      if (p.isComingSoon) {
        expect(p.stock).toBe(0);
        expect(p.isPreorder).toBe(false);
      }
      if (p.orderLimit !== null) expect(p.orderLimit).toBeGreaterThan(0);
    }
  });

  it("prices each category within its range, rounded like a shop", () => {
    const byKey = new Map(leafCategories.map((l) => [l.key, l.leaf]));
    for (const p of SAMPLE) {
      const leaf = byKey.get(p.categoryKey)!;
      const roubles = p.price / 100;
      expect(roubles, p.name).toBeGreaterThanOrEqual(Math.floor(leaf.price[0] / 10) * 10 - 1);
      expect(roubles, p.name).toBeLessThanOrEqual(leaf.price[1] + 9);
      expect(String(roubles), p.name).toMatch(/(9|90|99)$/);
    }
  });

  it("mixes the flags in realistic shares", () => {
    const share = (f: (p: ProductSeed) => boolean) => SAMPLE.filter(f).length / SAMPLE.length;
    expect(share((p) => p.oldPrice !== null)).toBeCloseTo(0.3, 1);
    expect(share((p) => p.stock === 0)).toBeGreaterThan(0.06);
    expect(share((p) => p.stock === 0)).toBeLessThan(0.14);
    expect(share((p) => p.isOriginal)).toBeCloseTo(0.4, 1);
    expect(share((p) => p.isPreorder)).toBeLessThan(0.06);
    expect(share((p) => p.isComingSoon)).toBeLessThan(0.04);
    expect(share((p) => p.isTopProfit)).toBeLessThan(0.1);
  });

  it("gives the top-profit products more cashback than any other product", () => {
    const top = SAMPLE.filter((p) => p.isTopProfit);
    expect(top.length).toBeGreaterThan(0);
    const usualMax = Math.max(...SAMPLE.filter((p) => !p.isTopProfit).map((p) => p.cashbackPercent));
    for (const p of top) expect(p.cashbackPercent, p.name).toBeGreaterThan(usualMax);
  });

  it("writes Russian names, clean slugs and unique SKUs", () => {
    for (const p of SAMPLE) {
      expect(p.name, p.name).toMatch(CYRILLIC);
      expect(p.name).not.toMatch(/\s{2}|\s,|undefined|\bNaN\b|\[object/);
      expect(p.slug, p.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.sku).toMatch(/^VT-\d{8}$/);
    }
    expect(new Set(SAMPLE.map((p) => p.sku)).size).toBe(SAMPLE.length);
    expect(new Set(Array.from({ length: 100_000 }, (_, i) => skuFor(DEFAULT_SEED, i))).size).toBe(100_000);
  });

  it("describes products in two to four Russian sentences", () => {
    for (const p of SAMPLE) {
      expect(p.description).toMatch(CYRILLIC);
      expect(p.description).not.toMatch(/undefined|\bNaN\b|\[object|[Ll]orem/);
      const sentences = p.description.split(/(?<=[.!?])\s+(?=[А-ЯЁA-Z0-9«])/);
      expect(sentences.length, p.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.description).toBeLessThanOrEqual(5);
    }
  });

  it("fills every property of the product's category", () => {
    const byKey = new Map(leafCategories.map((l) => [l.key, l.leaf]));
    for (const p of SAMPLE) {
      const leaf = byKey.get(p.categoryKey)!;
      expect(p.properties.map((v) => v.code)).toEqual(leaf.properties.map((s) => s.code));
      leaf.properties.forEach((spec, i) => {
        const v = p.properties[i]!;
        expect(v.value.length, `${leaf.name}/${spec.code}`).toBeGreaterThan(0);
        if (spec.kind === "number") expect(typeof v.valueNumber).toBe("number");
        else expect(v.valueNumber).toBeNull();
        if (spec.kind === "boolean") expect(["да", "нет"]).toContain(v.value);
      });
    }
  });

  it("keeps dates, images and review aggregates consistent", () => {
    const yearAgo = BASE_DATE.getTime() - 366 * 86_400_000;
    for (const p of SAMPLE) {
      expect(p.createdAt.getTime()).toBeLessThan(BASE_DATE.getTime());
      expect(p.createdAt.getTime()).toBeGreaterThan(yearAgo);
      expect(p.imageCount).toBeGreaterThanOrEqual(1);
      expect(p.imageCount).toBeLessThanOrEqual(5);
      expect(p.reviewsCount).toBe(p.reviews.length);
      expect(p.reviews.length).toBeLessThanOrEqual(12);
      if (p.reviews.length === 0) expect(p.rating).toBe(0);
      else {
        const avg = p.reviews.reduce((s, r) => s + r.rating, 0) / p.reviews.length;
        expect(p.rating).toBeCloseTo(avg, 1);
      }
      for (const r of p.reviews) expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
    }
  });

  it(`renders the templates of every category without error, over ${templates} more products`, () => {
    // With the small sample's 400 products, these 2,000 draw each of the 335 title and fact templates at
    // least once; the full-size run draws each of them many times over.
    expect(() => generateProducts(DEFAULT_SEED, products, templates)).not.toThrow();
  });
});

describe("formatting helpers", () => {
  it("formats values the Russian way", () => {
    expect(formatValue(6.7, "″")).toBe("6,7″");
    expect(formatValue(1500, "Вт")).toBe("1500 Вт");
    expect(formatValue(-5, "°C")).toBe("−5 °C");
    expect(formatValue(5, null)).toBe("5");
  });

  it("rounds prices to shop endings", () => {
    const rng = new Random(1);
    expect(roundPrice(73.4, rng)).toBe(79);
    expect(roundPrice(188, rng)).toBe(189);
    expect([1490, 1499]).toContain(roundPrice(1450, rng));
    expect([149_990, 149_999]).toContain(roundPrice(149_990, rng));
  });
});
