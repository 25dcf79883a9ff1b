import { describe, expect, it } from "vitest";
import type { ProductFacets } from "#contract/catalog.ts";
import { formatNumber } from "#contract/format.ts";
import { activeFilterChips, quickFilterChips } from "./active-filters.ts";
import { listingSearch, type ListingState } from "./listing-params.ts";

const facets = {
  total: 100,
  price: { min: 100000, max: 9000000 },
  brands: [
    { code: "apple", name: "Apple", count: 10, selected: true },
    { code: "samsung", name: "Samsung", count: 8, selected: true },
  ],
  sellers: [],
  inStock: 90,
  cashback: 100,
  topProfit: 0,
  ratings: [{ min: 4, count: 60, selected: false }],
  properties: [
    { code: "color", name: "Цвет", kind: "enum", unit: null, values: [] },
    {
      code: "memory",
      name: "Память",
      kind: "number",
      unit: "ГБ",
      range: { min: 64, max: 1024 },
      selected: null,
    },
  ],
} as unknown as ProductFacets;

const state = (filters: Record<string, string>): ListingState => ({ sort: "price_asc", page: 3, filters });

describe("active filter chips", () => {
  it("name each active filter and remove only it, back at page 1 with the sort kept", () => {
    const chips = activeFilterChips(
      state({
        brand: "apple,samsung",
        inStock: "1",
        "p.color": "чёрный",
        "p.memory": "128-",
        priceMin: "1000",
      }),
      facets,
    );
    expect(chips.map((c) => c.label)).toEqual([
      "Apple",
      "Samsung",
      "В наличии",
      "чёрный",
      "Память: от 128 ГБ",
      `Цена: от ${formatNumber(1000)} ₽`,
    ]);
    const apple = chips[0]!;
    expect(listingSearch(apple.next)).toBe(
      "?brand=samsung&inStock=1&p.color=%D1%87%D1%91%D1%80%D0%BD%D1%8B%D0%B9&p.memory=128-&priceMin=1000&sort=price_asc",
    );
    const price = chips.at(-1)!;
    expect(price.next.filters.priceMin).toBeUndefined();
    expect(price.next.page).toBe(1);
  });

  it("say a price range with both ends", () => {
    expect(activeFilterChips(state({ priceMin: "1000", priceMax: "5000" }), facets)[0]?.label).toBe(
      `Цена: ${formatNumber(1000)} ₽ – ${formatNumber(5000)} ₽`,
    );
  });
});

describe("quick filter chips", () => {
  it("offer only what would narrow the list and is not set yet", () => {
    // Every product has cashback here: «С кешбэком» would change nothing.
    expect(quickFilterChips(state({}), facets).map((c) => c.label)).toEqual(["В наличии", "Рейтинг 4+"]);
    expect(quickFilterChips(state({ inStock: "1" }), facets).map((c) => c.id)).toEqual(["ratingMin"]);
    expect(quickFilterChips(state({}), undefined)).toEqual([]);
  });
});
