import { describe, expect, it } from "vitest";
import { COLLECTIONS, homeCollections, TOP_PROFIT_INFO_PATH } from "./collections.ts";

describe("home collections", () => {
  it("leaves the top-profit collection out while the promotion is off", () => {
    expect(homeCollections({ topProfit: false }).map((c) => c.id)).toEqual(["popular", "discounts", "new"]);
  });

  it("shows the promotion's products second, linking to its page, while it runs", () => {
    const collections = homeCollections({ topProfit: true });
    expect(collections.map((c) => c.id)).toEqual(["popular", "top-profit", "discounts", "new"]);
    expect(collections[1]).toMatchObject({
      title: "Топ-выгода",
      params: { topProfit: true, sort: "popular", limit: 6, page: 1 },
      more: { href: TOP_PROFIT_INFO_PATH, text: "Смотреть все" },
    });
    // The other collections are the whole catalogue's.
    for (const c of collections.filter((c) => c.id !== "top-profit"))
      expect(c.params.topProfit).toBeUndefined();
  });

  it("shows only goods in stock, each with «Смотреть все» to its full list in the same order", () => {
    for (const c of homeCollections({ topProfit: true })) {
      expect(c.params.inStock, c.id).toBe(true);
      expect(c.more.text).toBe("Смотреть все");
    }
    const discounts = homeCollections({ topProfit: false })[1]!;
    expect(discounts.more.href).toBe("/collection/discounts?sort=discount");
    expect(discounts.params.sort).toBe(COLLECTIONS.discounts.sort);
  });
});
