import { describe, expect, it } from "vitest";
import { formatPrice, plural } from "./format.ts";

describe("formatPrice", () => {
  it.each([
    [1299000, "12 990 ₽"],
    [6900, "69 ₽"],
    [1, "0,01 ₽"],
    [12345, "123,45 ₽"],
  ])("%i kopecks → %s", (kopecks, text) => {
    expect(formatPrice(kopecks).replace(/\u00a0|\u202f/g, " ")).toBe(text);
  });
});

describe("plural", () => {
  it.each([
    [1, "отзыв"],
    [2, "отзыва"],
    [5, "отзывов"],
    [11, "отзывов"],
    [21, "отзыв"],
    [104, "отзыва"],
  ])("%i → %s", (n, word) => {
    expect(plural(n, ["отзыв", "отзыва", "отзывов"])).toBe(word);
  });
});
