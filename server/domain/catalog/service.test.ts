import { describe, expect, it } from "vitest";
import { MAX_FILTER_VALUES, productListQuerySchema } from "#contract/catalog.ts";
import type { ListingFilter } from "./facets-filters.ts";
import type { CatalogRepository } from "./repository.ts";
import { cashbackAmount, createCatalogService, discountPercent, productState } from "./service.ts";

describe("catalogue rules", () => {
  it.each([
    [{ hasStock: true, isPreorder: false, isComingSoon: false }, "in_stock"],
    [{ hasStock: false, isPreorder: false, isComingSoon: false }, "sold_out"],
    [{ hasStock: false, isPreorder: true, isComingSoon: false }, "preorder"],
    [{ hasStock: true, isPreorder: true, isComingSoon: false }, "preorder"],
    [{ hasStock: false, isPreorder: false, isComingSoon: true }, "coming_soon"],
  ] as const)("state of %j is %s", (product, state) => {
    expect(productState(product)).toBe(state);
  });

  it("computes the discount from the old price, rounded to a whole percent", () => {
    expect(discountPercent(8_739_900, 4_369_900)).toBe(0); // "old" price below the price is no discount
    expect(discountPercent(4_369_900, 8_739_900)).toBe(50);
    expect(discountPercent(1_189_000, 1_489_900)).toBe(20);
    expect(discountPercent(1_000_000, null)).toBe(0);
  });

  it("credits cashback in whole roubles, rounded down", () => {
    expect(cashbackAmount(2_499_000, 3)).toBe(74_900); // 749.70 ₽ → 749 ₽
    expect(cashbackAmount(4_369_900, 5)).toBe(218_400);
    expect(cashbackAmount(6_900, 1)).toBe(0);
    expect(cashbackAmount(1_000_000, 0)).toBe(0);
  });
});

describe("property filters with commas", () => {
  const fat = {
    categoryId: 7,
    depth: 2,
    id: 70,
    code: "fat",
    name: "Жирность",
    kind: "enum",
    unit: null,
    position: 0,
  };
  function serviceOver(commaValues: string[]) {
    const lookups: unknown[][] = [];
    const listed: ListingFilter[] = [];
    const repository = {
      findListingContext: async () => ({
        depth: 2,
        categoryIds: [7],
        properties: [fat],
        brands: [],
        sellers: [],
      }),
      findCommaValues: async (...args: unknown[]) => {
        lookups.push(args);
        return commaValues;
      },
      listProductCards: async (filter: ListingFilter) => {
        listed.push(filter);
        return { rows: [], total: 1 };
      },
    } as unknown as CatalogRepository;
    return { service: createCatalogService(repository), lookups, listed };
  }
  const query = productListQuerySchema.parse({ categoryId: "7" });

  it("looks up the property's comma values by property alone, however many values the shopper sent", async () => {
    const fats = Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `${i},5%`);
    const { service, lookups, listed } = serviceOver(["1,5%", "3,2%", ...fats]);
    await service.listProducts(query, { fat: ["1,5%,3,2%,10%"] });
    await service.listProducts(query, { fat: [fats.join(",")] });
    expect(lookups).toEqual([[[70]], [[70]]]);
    expect(listed[0]?.properties).toEqual([
      { code: "fat", kind: "enum", propertyIds: [70], values: ["1,5%", "3,2%", "10%"] },
    ]);
    expect(listed[1]?.properties[0]).toMatchObject({ values: fats });
  });

  it("answers 400 naming the filter when it carries more than the allowed number of values", async () => {
    const { service, listed } = serviceOver([]);
    const values = Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `v${i}`).join(",");
    await expect(service.listProducts(query, { fat: [values] })).rejects.toMatchObject({
      status: 400,
      code: "invalid_parameters",
      fields: [{ field: "query.p.fat", message: `Не больше ${MAX_FILTER_VALUES} значений` }],
    });
    expect(listed).toEqual([]);
  });
});
