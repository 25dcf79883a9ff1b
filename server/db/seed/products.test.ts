import { describe, expect, it } from "vitest";
import { seedSample } from "#tests/fixtures/seed-sample.ts";
import { leafCategories } from "./catalog-tree.ts";
import {
  BASE_DATE,
  CASHBACK_RANGE,
  formatValue,
  generateProduct,
  generateProducts,
  LINE_BLOCK,
  MAX_DISCOUNT_PERCENT,
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
    // About 0.09 over the full sample; the small sample's first 400 hold a few less.
    expect(share((p) => p.stock === 0)).toBeGreaterThan(0.05);
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

/** Where each premium property's value sits in its list (0–1), as the generator priced it. */
function premiumPositions(p: ProductSeed): Map<string, number> {
  const leaf = leafByKey.get(p.categoryKey)!;
  const out = new Map<string, number>();
  for (const spec of leaf.properties) {
    if (!spec.premium) continue;
    const value = p.properties.find((v) => v.code === spec.code)!;
    if (spec.kind === "number") {
      out.set(spec.code, spec.values.indexOf(value.valueNumber ?? Number.NaN));
    } else if (spec.kind === "enum") {
      const options = (leaf.brandOptions?.[p.brandCode]?.[spec.code] ?? spec.options).map((o) =>
        typeof o === "string" ? o : o.value,
      );
      out.set(spec.code, options.indexOf(value.value));
    } else out.set(spec.code, value.value === "да" ? 1 : 0);
  }
  return out;
}

const leafByKey = new Map(leafCategories.map((l) => [l.key, l.leaf]));
const modelOf = (p: ProductSeed) => {
  const models = leafByKey.get(p.categoryKey)!.models?.[p.brandCode] ?? [];
  // The longest listed model the name holds ("iPhone 16 Pro Max", not "iPhone 16").
  return models
    .filter((m) => p.name.includes(` ${m} `) || p.name.includes(` ${m},`))
    .sort((a, b) => b.length - a.length)[0];
};

describe(`model lines and honest prices, over ${products} products`, () => {
  const lines = new Map<string, ProductSeed[]>();
  for (const p of SAMPLE) if (p.modelCode) lines.set(p.modelCode, [...(lines.get(p.modelCode) ?? []), p]);
  // A line the sample cuts off at its end is only partly here.
  for (const [code, line] of lines) if (line[0]!.index + LINE_BLOCK > SAMPLE.length) lines.delete(code);

  it("gives model lines of 2–4 siblings to phones, tablets, laptops and clothes", () => {
    expect(lines.size).toBeGreaterThan(products / 40);
    const leaves = new Set([...lines.values()].map((l) => leafByKey.get(l[0]!.categoryKey)!.name));
    for (const name of ["Смартфоны", "Ноутбуки", "Платья"]) expect(leaves, name).toContain(name);
    for (const line of lines.values()) {
      expect(line.length, line[0]!.name).toBeGreaterThanOrEqual(2);
      expect(line.length, line[0]!.name).toBeLessThanOrEqual(4);
    }
  });

  it("keeps a line to one leaf, brand and seller, differing only in its variant properties", () => {
    for (const line of lines.values()) {
      const [head, ...rest] = line as [ProductSeed, ...ProductSeed[]];
      const variants = leafByKey.get(head.categoryKey)!.variants ?? [];
      expect(variants.length, head.name).toBeGreaterThan(0);
      const configurations = new Set<string>();
      for (const p of line) {
        expect([p.categoryKey, p.brandCode, p.sellerCode]).toEqual([
          head.categoryKey,
          head.brandCode,
          head.sellerCode,
        ]);
        const fixed = p.properties.filter((v) => !variants.includes(v.code));
        expect(fixed, p.name).toEqual(head.properties.filter((v) => !variants.includes(v.code)));
        configurations.add(JSON.stringify(p.properties.filter((v) => variants.includes(v.code))));
      }
      // Each sibling is another configuration, with a name of its own.
      expect(configurations.size, head.name).toBe(line.length);
      expect(new Set(line.map((p) => p.name)).size, head.name).toBe(line.length);
      // Siblings follow their head in the index order, as the picker lists them.
      expect(rest.map((p) => p.index)).toEqual(rest.map((_, i) => head.index + i + 1));
    }
  });

  it("draws a sibling alone exactly as in order (chunks may start anywhere)", () => {
    const siblings = SAMPLE.filter((p, i) => p.modelCode && SAMPLE[i - 1]?.modelCode === p.modelCode);
    expect(siblings.length).toBeGreaterThan(0);
    for (const p of siblings.slice(-5).reverse()) expect(generateProduct(DEFAULT_SEED, p.index)).toEqual(p);
  });

  /** `a` is no bigger than `b` in every premium property. */
  const dominated = (a: ProductSeed, b: ProductSeed) => {
    const pa = premiumPositions(a);
    const pb = premiumPositions(b);
    return [...pa].every(([code, position]) => position <= (pb.get(code) ?? -1));
  };

  it("never prices more memory or a bigger configuration of a line below a smaller one", () => {
    let compared = 0;
    for (const line of lines.values())
      for (const a of line)
        for (const b of line)
          if (a !== b && dominated(a, b)) {
            compared++;
            expect(a.price, `${a.name} ≤ ${b.name}`).toBeLessThanOrEqual(b.price);
          }
    expect(compared).toBeGreaterThan(lines.size);
  });

  it("never prices a newer or bigger model below an older one of the same brand and configuration", () => {
    const ladders = SAMPLE.filter((p) => modelOf(p) !== undefined);
    let compared = 0;
    for (const a of ladders)
      for (const b of ladders) {
        if (a === b || a.categoryKey !== b.categoryKey || a.brandCode !== b.brandCode) continue;
        const models = leafByKey.get(a.categoryKey)!.models![a.brandCode]!;
        if (models.indexOf(modelOf(a)!) > models.indexOf(modelOf(b)!) || !dominated(a, b)) continue;
        compared++;
        expect(a.price, `${a.name} ≤ ${b.name}`).toBeLessThanOrEqual(b.price);
      }
    expect(compared).toBeGreaterThan(50);
  });

  it("keeps iPhones in their order: 16 Pro Max over 16 over 15 at the same memory", () => {
    const phones = leafCategories.find((l) => l.leaf.name === "Смартфоны")!;
    const models = phones.leaf.models!.apple!;
    expect(models.indexOf("iPhone 15")).toBeLessThan(models.indexOf("iPhone 16"));
    expect(models.indexOf("iPhone 16")).toBeLessThan(models.indexOf("iPhone 16 Pro Max"));
  });

  it("keeps discounts and cashback within what the shop promises", () => {
    for (const p of SAMPLE) {
      if (p.oldPrice !== null) {
        const percent = Math.round((100 * (p.oldPrice - p.price)) / p.oldPrice);
        expect(percent, p.name).toBeLessThanOrEqual(MAX_DISCOUNT_PERCENT);
      }
      // «Кешбэк баллами за каждую покупку: от 1 до 15%», more only for «Топ-выгода».
      if (!p.isTopProfit) {
        expect(p.cashbackPercent, p.name).toBeGreaterThanOrEqual(CASHBACK_RANGE[0]);
        expect(p.cashbackPercent, p.name).toBeLessThanOrEqual(CASHBACK_RANGE[1]);
      }
    }
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
