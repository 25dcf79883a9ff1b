import { describe, expect, it } from "vitest";
import { parseKeptPages } from "./kept-pages.ts";

describe("the listing's kept «Показать ещё» pages", () => {
  it("takes back only valid page numbers, and nothing that is not a list", () => {
    expect(parseKeptPages([2, 3, 4])).toEqual([2, 3, 4]);
    expect(parseKeptPages([2, 1, 0, -1, 2.5, "3", 1000, 999])).toEqual([2, 999]);
    expect(parseKeptPages({ 0: 2 })).toBeUndefined();
    expect(parseKeptPages(undefined)).toBeUndefined();
  });
});
