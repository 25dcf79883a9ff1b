import { describe, expect, it } from "vitest";
import {
  activeFilterKeys,
  type CategoryPropertyRow,
  extractPropertyParams,
  groupProperties,
  parsePropertyParams,
  splitEnumValues,
} from "./facets-filters.ts";

const row = (
  id: number,
  categoryId: number,
  code: string,
  kind: CategoryPropertyRow["kind"],
  extra: Partial<CategoryPropertyRow> = {},
): CategoryPropertyRow => ({ id, categoryId, code, name: code, kind, unit: null, position: 0, ...extra });

describe("groupProperties", () => {
  it("merges one code across leaves and puts the most widely shared first", () => {
    const groups = groupProperties([
      row(1, 10, "memory", "enum", { name: "Встроенная память", position: 0 }),
      row(2, 10, "color", "enum", { name: "Цвет", position: 3 }),
      row(3, 11, "color", "enum", { name: "Цвет", position: 4 }),
      row(4, 11, "lte", "boolean", { position: 1 }),
    ]);
    expect(groups.map((g) => [g.code, g.propertyIds, g.categories])).toEqual([
      ["color", [2, 3], 2],
      ["memory", [1], 1],
      ["lte", [4], 1],
    ]);
  });

  it("keeps only the variant most categories use when a code differs in kind or unit", () => {
    const groups = groupProperties([
      row(1, 10, "weight", "number", { unit: "кг" }),
      row(2, 11, "weight", "number", { unit: "г" }),
      row(3, 12, "weight", "number", { unit: "г" }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ code: "weight", unit: "г", propertyIds: [2, 3] });
  });
});

describe("extractPropertyParams", () => {
  it("collects p.<code> keys, repeated ones included, and ignores the rest", () => {
    expect(extractPropertyParams({ "p.size": ["42", "44"], "p.color": ["синий"], brand: ["x"] })).toEqual({
      size: ["42", "44"],
      color: ["синий"],
    });
  });
});

describe("parsePropertyParams", () => {
  const groups = groupProperties([
    row(1, 10, "screen", "number", { unit: "″" }),
    row(2, 10, "nfc", "boolean"),
    row(3, 10, "memory", "enum"),
    row(4, 10, "comfort", "number", { unit: "°C" }),
  ]);

  it("parses number ranges, open ends, decimal commas and negative numbers", () => {
    const parsed = parsePropertyParams(
      { screen: ["6,1-6.7"], comfort: ["-10--5"], memory: ["128 ГБ"], nfc: ["1"] },
      groups,
      true,
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.filters).toEqual([
      { code: "screen", kind: "number", propertyIds: [1], min: 6.1, max: 6.7 },
      { code: "comfort", kind: "number", propertyIds: [4], min: -10, max: -5 },
      { code: "nfc", kind: "boolean", propertyIds: [2], values: ["да"] },
    ]);
    expect(parsed.enums).toEqual([{ code: "memory", propertyIds: [3], raw: ["128 ГБ"] }]);
    expect(parsePropertyParams({ screen: ["6.5-"] }, groups, true).filters[0]).toMatchObject({
      min: 6.5,
      max: null,
    });
    expect(parsePropertyParams({ screen: ["-6.5"] }, groups, true).filters[0]).toMatchObject({
      min: null,
      max: 6.5,
    });
    expect(parsePropertyParams({ screen: ["6.5"] }, groups, true).filters[0]).toMatchObject({
      min: 6.5,
      max: 6.5,
    });
  });

  it("names each offending parameter", () => {
    const parsed = parsePropertyParams(
      { screen: ["big"], nfc: ["maybe"], unknown: ["1"], comfort: ["5-1"] },
      groups,
      true,
    );
    expect(parsed.issues.map((i) => i.field)).toEqual([
      "query.p.screen",
      "query.p.nfc",
      "query.p.unknown",
      "query.p.comfort",
    ]);
    expect(parsePropertyParams({ memory: ["x"] }, [], false).issues[0]?.message).toMatch(/внутри категории/);
  });
});

describe("splitEnumValues", () => {
  it("splits at commas but keeps known values that contain one", () => {
    const known = new Set(["1,5%", "3,2%"]);
    expect(splitEnumValues(["1,5%,3,2%"], known)).toEqual(["1,5%", "3,2%"]);
    expect(splitEnumValues(["42,44", "46"], new Set())).toEqual(["42", "44", "46"]);
    expect(splitEnumValues(["128 ГБ, 256 ГБ"], new Set())).toEqual(["128 ГБ", "256 ГБ"]);
    expect(splitEnumValues(["1,5%, 3,2%,42"], known)).toEqual(["1,5%", "3,2%", "42"]);
  });

  it("prefers the longest known value and keeps pieces no known value covers", () => {
    const known = new Set(["1,5", "1,5,7"]);
    expect(splitEnumValues(["1,5,7,9"], known)).toEqual(["1,5,7", "9"]);
    expect(splitEnumValues(["5,1,5"], known)).toEqual(["5", "1,5"]);
    expect(splitEnumValues([",,a,,"], known)).toEqual(["a"]);
  });

  it("splits a list of many values without ever joining more pieces than a known value has", () => {
    const pieces = Array.from({ length: 400 }, (_, i) => `v${i}`);
    const known = new Set(["v1,v2", "v10,v11"]);
    const seen: string[] = [];
    const spy = {
      has: (v: string) => {
        seen.push(v);
        return known.has(v);
      },
      [Symbol.iterator]: () => known[Symbol.iterator](),
    };
    const values = splitEnumValues([pieces.join(",")], spy as unknown as ReadonlySet<string>);
    expect(values).toHaveLength(398);
    expect(values).toContain("v1,v2");
    // One look per piece (every known value has two pieces): linear, not every run of pieces.
    expect(seen.length).toBeLessThanOrEqual(pieces.length);
    expect(seen.every((v) => v.split(",").length === 2)).toBe(true);
  });
});

describe("activeFilterKeys", () => {
  it("lists the filters in use", () => {
    expect(
      activeFilterKeys({
        brandIds: [1],
        priceMax: 100,
        inStock: true,
        cashback: false,
        topProfit: true,
        properties: [{ code: "size", kind: "enum", propertyIds: [1], values: ["42"] }],
      }),
    ).toEqual(["brand", "price", "inStock", "topProfit", "p.size"]);
  });
});
