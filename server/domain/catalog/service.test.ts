import { describe, expect, it } from "vitest";
import { cashbackAmount, discountPercent, productState } from "./service.ts";

describe("catalogue rules", () => {
  it.each([
    [{ stock: 5, isPreorder: false, isComingSoon: false }, "in_stock"],
    [{ stock: 0, isPreorder: false, isComingSoon: false }, "sold_out"],
    [{ stock: 0, isPreorder: true, isComingSoon: false }, "preorder"],
    [{ stock: 3, isPreorder: true, isComingSoon: false }, "preorder"],
    [{ stock: 0, isPreorder: false, isComingSoon: true }, "coming_soon"],
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
