import { describe, expect, it } from "vitest";
import {
  assembleFacets,
  compareNatural,
  explainEmpty,
  type FacetRow,
  ratingThreshold,
  sortFacetValues,
} from "./facets.ts";
import type { PropertyGroup } from "./facets-filters.ts";

const sorted = (values: string[]) => [...values].sort(compareNatural);

describe("natural order of values", () => {
  it("orders sizes, capacities and other numbers written as text", () => {
    expect(sorted(["48", "42", "54", "44"])).toEqual(["42", "44", "48", "54"]);
    expect(sorted(["1 ТБ", "128 ГБ", "64 ГБ", "512 ГБ"])).toEqual(["64 ГБ", "128 ГБ", "512 ГБ", "1 ТБ"]);
    expect(sorted(["XL", "S", "M (55–58 см)", "XS"])).toEqual(["XS", "S", "M (55–58 см)", "XL"]);
    expect(sorted(["евро", "2-спальный", "семейный", "1,5-спальный"])).toEqual([
      "1,5-спальный",
      "2-спальный",
      "евро",
      "семейный",
    ]);
    expect(sorted(["900 г", "1 кг"])).toEqual(["900 г", "1 кг"]);
  });

  it("orders sizes naturally, colours by count then alphabetically, yes before no", () => {
    const v = (value: string, count: number) => ({ value, count });
    expect(sortFacetValues("size", "enum", [v("46", 9), v("42", 1)]).map((x) => x.value)).toEqual([
      "42",
      "46",
    ]);
    expect(
      sortFacetValues("color", "enum", [v("синий", 2), v("белый", 2), v("чёрный", 7)]).map((x) => x.value),
    ).toEqual(["чёрный", "белый", "синий"]);
    expect(sortFacetValues("nfc", "boolean", [v("нет", 9), v("да", 1)]).map((x) => x.value)).toEqual([
      "да",
      "нет",
    ]);
  });
});

describe("ratingThreshold", () => {
  it("is the lowest stored rating whose card shows at least the minimum", () => {
    expect(ratingThreshold(4)).toBeCloseTo(3.95);
    expect(ratingThreshold(4.5)).toBeCloseTo(4.45);
    // Cards show one decimal: "at least 4.33" means 4.4 or more.
    expect(ratingThreshold(4.33)).toBeCloseTo(4.35);
    expect(ratingThreshold(0)).toBeCloseTo(-0.05);
  });
});

describe("assembleFacets", () => {
  const groups: PropertyGroup[] = [
    { code: "color", name: "Цвет", kind: "enum", unit: null, propertyIds: [1, 2], categories: 2 },
    { code: "screen", name: "Диагональ", kind: "number", unit: "″", propertyIds: [3], categories: 1 },
  ];
  const stat = (key: string, n: number, lo: number | null = null, hi: number | null = null): FacetRow => ({
    facet: "stat",
    key,
    label: null,
    n,
    lo,
    hi,
  });

  it("merges leaves' values, keeps selected options with no products and reports ranges", () => {
    const facets = assembleFacets({
      groups,
      filter: {
        inStock: false,
        cashback: false,
        topProfit: false,
        brandIds: [5],
        properties: [{ code: "color", kind: "enum", propertyIds: [1, 2], values: ["синий", "красный"] }],
      },
      selection: { brands: [{ code: "acme", name: "Acme" }], sellers: [], ratingMin: 4 },
      rows: [
        stat("total", 3),
        stat("price", 10, 100_00, 900_00),
        stat("inStock", 2),
        stat("topProfit", 1),
        stat("rating:4", 1),
        { facet: "brand", key: "other", label: "Other", n: 4, lo: null, hi: null },
        { facet: "prop", key: "1", label: "синий", n: 2, lo: null, hi: null },
        { facet: "prop", key: "2", label: "синий", n: 1, lo: null, hi: null },
        { facet: "prop", key: "2", label: "белый", n: 5, lo: null, hi: null },
        { facet: "prop", key: "3", label: null, n: 3, lo: 6.1, hi: 6.7 },
      ],
    });
    expect(facets.total).toBe(3);
    expect(facets.price).toEqual({ min: 100_00, max: 900_00 });
    expect(facets.topProfit).toBe(1);
    expect(facets.cashback).toBe(0);
    expect(facets.brands).toEqual([
      { code: "other", name: "Other", count: 4, selected: false },
      { code: "acme", name: "Acme", count: 0, selected: true },
    ]);
    expect(facets.ratings.find((r) => r.min === 4)).toEqual({ min: 4, count: 1, selected: true });
    expect(facets.properties[0]).toEqual({
      code: "color",
      name: "Цвет",
      kind: "enum",
      unit: null,
      values: [
        { value: "белый", count: 5, selected: false },
        { value: "синий", count: 3, selected: true },
        { value: "красный", count: 0, selected: true },
      ],
    });
    expect(facets.properties[1]).toMatchObject({
      kind: "number",
      range: { min: 6.1, max: 6.7 },
      selected: null,
    });
  });
});

describe("explainEmpty", () => {
  const base = { groups: [], hasCategory: true };

  it("says nothing when there are products on the page", () => {
    expect(explainEmpty({ ...base, total: 10, activeKeys: [], page: 1, limit: 24 })).toBeUndefined();
  });

  it("points past the last page", () => {
    expect(explainEmpty({ ...base, total: 50, activeKeys: [], page: 4, limit: 24 })).toMatchObject({
      reason: "page_out_of_range",
      lastPage: 3,
    });
  });

  it("tells an empty shelf from filters that exclude everything, best way out first", () => {
    expect(explainEmpty({ ...base, total: 0, activeKeys: [] })?.reason).toBe("category_empty");
    const empty = explainEmpty({
      ...base,
      total: 0,
      activeKeys: ["brand", "price", "inStock"],
      without: new Map([
        ["brand", 3],
        ["price", 12],
        ["inStock", 0],
      ]),
    });
    expect(empty?.reason).toBe("no_matches");
    expect(empty?.suggestions).toEqual([
      { filter: "price", name: "Цена", total: 12 },
      { filter: "brand", name: "Бренд", total: 3 },
    ]);
  });

  it("names the top-profit filter as the storefront shows it", () => {
    const empty = explainEmpty({
      ...base,
      total: 0,
      activeKeys: ["topProfit", "inStock"],
      without: new Map([
        ["topProfit", 40],
        ["inStock", 2],
      ]),
    });
    expect(empty?.suggestions[0]).toEqual({ filter: "topProfit", name: "Топ-выгода", total: 40 });
  });
});
