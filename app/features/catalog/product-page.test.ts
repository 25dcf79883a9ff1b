import { describe, expect, it } from "vitest";
import { kopecks } from "#contract/money.ts";
import { productDescription } from "./product-page.ts";

describe("productDescription", () => {
  it("leads with the name and price and stays within 160 characters", () => {
    const text = productDescription({
      name: "Смартфон Apple iPhone 16 512 ГБ",
      price: kopecks(9_989_900),
      description: "Очень длинное описание. ".repeat(20),
    });
    expect(text.replace(/\s/g, " ").startsWith("Смартфон Apple iPhone 16 512 ГБ — 99 899 ₽")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("…")).toBe(true);
  });

  it("keeps a short description whole", () => {
    expect(
      productDescription({ name: "Чай", price: kopecks(19_900), description: "Чёрный байховый." }),
    ).toMatch(/Чёрный байховый\.$/);
  });
});
