import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatPrice, formatRating, plural } from "./format.ts";

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

const spaces = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

describe("formatNumber and formatRating", () => {
  it("groups thousands and writes decimals with a comma", () => {
    expect(spaces(formatNumber(12345))).toBe("12 345");
    expect(formatNumber(4.5)).toBe("4,5");
    expect(formatNumber(4)).toBe("4");
  });

  it("shows an average rating with exactly one decimal", () => {
    expect(formatRating(4)).toBe("4,0");
    expect(formatRating(4.46)).toBe("4,5");
  });
});

describe("formatDate", () => {
  it("writes the day in Moscow time, whatever the machine's time zone", () => {
    // 22:30 UTC on 21 November is already 22 November in Moscow (UTC+3).
    expect(formatDate("2026-11-21T22:30:00Z")).toBe("22 ноября 2026 г.");
    expect(formatDate(new Date("2026-11-21T20:59:00Z"))).toBe("21 ноября 2026 г.");
  });
});
