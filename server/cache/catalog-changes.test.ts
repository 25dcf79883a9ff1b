import { describe, expect, it } from "vitest";
import { invalidationsFor, TAG } from "./catalog-changes.ts";

describe("which caches a change message drops", () => {
  it("drops the products and every listing when products' rows change", () => {
    expect(invalidationsFor("products:3,14")).toEqual([TAG.listing, TAG.product(3), TAG.product(14)]);
  });

  it("drops only the products' own pages and data when only their stock counts change", () => {
    expect(invalidationsFor("stock:3,14")).toEqual([TAG.product(3), TAG.product(14)]);
  });

  it("drops only the products' own pages and data when their reviews change", () => {
    expect(invalidationsFor("reviews:3,14")).toEqual([TAG.product(3), TAG.product(14)]);
  });

  it("drops everything on a bulk change or any other table", () => {
    expect(invalidationsFor("products")).toEqual([TAG.catalog]);
    expect(invalidationsFor("stock")).toEqual([TAG.catalog]);
    expect(invalidationsFor("brands")).toEqual([TAG.catalog]);
    expect(invalidationsFor("reviews")).toEqual([TAG.catalog]);
    expect(invalidationsFor("stock:")).toEqual([TAG.catalog]);
  });
});
