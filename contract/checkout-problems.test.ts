import { describe, expect, it } from "vitest";
import { readLineProblems } from "./checkout-problems.ts";

describe("the refused lines handed to the basket", () => {
  const problem = { productId: 7, code: "price_changed", message: "Цена выросла", price: 120_000 };

  it("reads them from storage text or from navigation state", () => {
    expect(readLineProblems(JSON.stringify([problem]))).toEqual([problem]);
    expect(readLineProblems([problem])).toEqual([problem]);
  });

  it("drops whatever is not a problem", () => {
    expect(readLineProblems("{not json")).toEqual([]);
    expect(readLineProblems(null)).toEqual([]);
    expect(readLineProblems([{ productId: "7", message: "x", code: "y" }, problem, 5])).toEqual([problem]);
  });
});
