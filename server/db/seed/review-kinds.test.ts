import { describe, expect, it } from "vitest";
import { seedSample } from "#tests/fixtures/seed-sample.ts";
import { leafCategories } from "./catalog-tree.ts";
import { generateProducts, type ProductSeed } from "./products.ts";
import { DEFAULT_SEED } from "./random.ts";
import { KIND_PHRASES, reviewKindOf, reviewPhrasesFor } from "./review-kinds.ts";
import { SECTION_PHRASES } from "./review-phrases.ts";

// The seeded reviews speak about their own product's kind (issue 21, point 4; ADR 060).

const { products } = seedSample({ small: { products: 4_000 }, full: { products: 20_000 } });

const typeOf = new Map(leafCategories.map((e) => [e.key, e.leaf.type]));
const words = (p: ProductSeed) =>
  p.reviews.map((r) => `${r.pros} ${r.cons} ${r.text}`.toLowerCase()).join(" | ");
const property = (p: ProductSeed, code: string) => p.properties.find((v) => v.code === code)?.value;

describe(`the seeded reviews' words, over ${products} products`, () => {
  const catalogue = generateProducts(DEFAULT_SEED, 0, products);
  const ofType = (type: string, where: (p: ProductSeed) => boolean = () => true) =>
    catalogue.filter((p) => typeOf.get(p.categoryKey) === type && where(p) && p.reviews.length > 0);

  it("keep every kind's lists as long as its section's, so the rest of the catalogue stays as it was", () => {
    for (const { section, leaf } of leafCategories) {
      for (const connection of [undefined, "проводные", "беспроводные"]) {
        const phrases = reviewPhrasesFor(section.key, leaf.type, { connection });
        expect(phrases.pros.length, `${leaf.type} pros`).toBe(SECTION_PHRASES[section.key].pros.length);
        expect(phrases.cons.length, `${leaf.type} cons`).toBe(SECTION_PHRASES[section.key].cons.length);
        expect(phrases.good.length).toBeGreaterThan(0);
        expect(phrases.bad.length).toBeGreaterThan(0);
      }
    }
    // Every kind is some product type's.
    const used = new Set(
      leafCategories.flatMap(({ section, leaf }) =>
        ["проводные", undefined].map((connection) => reviewKindOf(section.key, leaf.type, { connection })),
      ),
    );
    for (const kind of Object.keys(KIND_PHRASES)) expect(used, kind).toContain(kind);
  });

  it("never praise a screen on headphones, nor a battery on wired ones", () => {
    const headphones = ofType("Наушники");
    expect(headphones.length).toBeGreaterThan(10);
    for (const p of headphones) expect(words(p), p.name).not.toMatch(/экран|пиксел|картинк|камер/);
    const wired = ofType("Наушники", (p) => property(p, "connection") === "проводные");
    expect(wired.length).toBeGreaterThan(0);
    for (const p of wired) expect(words(p), p.name).not.toMatch(/держит заряд|разряжа|заряжаться|соединение/);
  });

  it("keep screens, sound and batteries to the products that have them", () => {
    for (const type of ["Мышь", "Клавиатура", "Портативная колонка", "Саундбар"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/экран|пиксел/);
    }
    for (const type of ["Телевизор", "Монитор", "Саундбар"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/заряд|разряжа/);
    }
    for (const p of ofType("Монитор")) expect(words(p), p.name).not.toMatch(/звук|бас/);
  });

  it("speak of each kind's own use: no heating blender, no playing with nappies, no training in a tent", () => {
    for (const p of ofType("Блендер")) expect(words(p)).not.toMatch(/греет/);
    for (const type of ["Холодильник", "Пылесос", "Утюг"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/на кухне|быстро греет/);
    }
    for (const type of ["Подгузники", "Влажные салфетки"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/играет|в восторге|не выпускает/);
    }
    for (const type of ["Палатка", "Спальный мешок"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/тренирую/);
    }
    for (const p of ofType("Фен")) expect(words(p)).not.toMatch(/аромат|флакон|впитывается/);
    for (const type of ["Кроссовки", "Сапоги"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/сидит идеально|ткань/);
    }
    for (const type of ["Чай", "Кофе"]) {
      for (const p of ofType(type)) expect(words(p), p.name).not.toMatch(/дети едят/);
    }
  });
});
