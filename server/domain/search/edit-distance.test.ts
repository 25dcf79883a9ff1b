import { describe, expect, it } from "vitest";
import { editDistance, typoBudget } from "./edit-distance.ts";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent transpositions as one edit", () => {
    expect(editDistance("смартфон", "смартфон", 2)).toBe(0);
    expect(editDistance("смартфн", "смартфон", 2)).toBe(1);
    expect(editDistance("смартфоны", "смартфон", 2)).toBe(1);
    expect(editDistance("смартфан", "смартфон", 2)).toBe(1);
    expect(editDistance("смартофн", "смартфон", 2)).toBe(1);
    expect(editDistance("самртфон", "смартфон", 2)).toBe(1);
    expect(editDistance("кросовки", "кроссовки", 2)).toBe(1);
  });

  it("stops at the bound", () => {
    expect(editDistance("телевизор", "смартфон", 2)).toBe(3);
    expect(editDistance("а", "абвгд", 2)).toBe(3);
    expect(editDistance("", "аб", 2)).toBe(2);
  });

  it("allows one typo in short words and two in long ones", () => {
    expect(typoBudget(2)).toBe(0);
    expect(typoBudget(4)).toBe(1);
    expect(typoBudget(8)).toBe(2);
  });
});
