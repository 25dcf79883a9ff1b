import { describe, expect, it } from "vitest";
import { kopecks } from "#contract/money.ts";
import { suggestOptions } from "./suggest-options.ts";

describe("suggestions", () => {
  it("flatten into queries, categories, brands and products with their links", () => {
    const options = suggestOptions({
      queries: ["смартфон"],
      categories: [{ id: 12, name: "Смартфоны", slug: "smartfony" }],
      brands: [{ code: "samsung", name: "Samsung" }],
      products: [{ id: 5, name: "Смартфон Samsung Galaxy A55", price: kopecks(2_499_000), image: null }],
    });
    expect(options.map((o) => [o.kind, o.href])).toEqual([
      ["query", "/search/?q=%D1%81%D0%BC%D0%B0%D1%80%D1%82%D1%84%D0%BE%D0%BD"],
      ["category", "/catalog/12/smartfony"],
      ["brand", "/brand/samsung"],
      ["product", "/product/5"],
    ]);
  });
});
