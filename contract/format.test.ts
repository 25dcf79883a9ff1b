import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatNumber,
  formatPhoneLabel,
  formatPoints,
  formatRating,
  formatRub,
  maskPhone,
  plural,
} from "./format.ts";
import { kopecks, points } from "./money.ts";

// Expected texts are written with the no-break space (U+00A0) the shop shows: inside a number and
// before «₽», so a sum never breaks across lines.
const nb = "\u00a0";

describe("formatRub", () => {
  it.each([
    [1_299_000, `12${nb}990${nb}₽`],
    [6_900, `69${nb}₽`],
    [0, `0${nb}₽`],
    [12_345, `123,45${nb}₽`],
    [5, `0,05${nb}₽`],
    [10_000_000_000, `100${nb}000${nb}000${nb}₽`],
  ])("%i kopecks → %s", (amount, text) => {
    expect(formatRub(kopecks(amount))).toBe(text);
  });

  it("shows kopecks with two digits whenever there are any: «12 990,50 ₽», never «12 990,5 ₽»", () => {
    expect(formatRub(kopecks(1_299_050))).toBe(`12${nb}990,50${nb}₽`);
    expect(formatRub(kopecks(1_299_001))).toBe(`12${nb}990,01${nb}₽`);
  });
});

describe("formatPoints", () => {
  it.each([
    [1, `1 балл`],
    [2, `2 балла`],
    [5, `5 баллов`],
    [11, `11 баллов`],
    [21, `21 балл`],
    [104, `104 балла`],
    [0, `0 баллов`],
  ])("%i → %s", (amount, text) => {
    expect(formatPoints(points(amount))).toBe(text);
  });

  it("groups thousands: «5 000 баллов», never «5000 баллов»", () => {
    expect(formatPoints(points(5_000))).toBe(`5${nb}000 баллов`);
    expect(formatPoints(points(1_001))).toBe(`1${nb}001 балл`);
  });

  it("takes the genitive after «от», «до», «не больше»", () => {
    expect(formatPoints(points(1), "genitive")).toBe("1 балла");
    expect(formatPoints(points(21), "genitive")).toBe("21 балла");
    expect(formatPoints(points(2), "genitive")).toBe("2 баллов");
    expect(formatPoints(points(100), "genitive")).toBe("100 баллов");
    expect(formatPoints(points(11), "genitive")).toBe("11 баллов");
    expect(formatPoints(points(5_000), "genitive")).toBe(`5${nb}000 баллов`);
  });
});

describe("formatNumber and formatRating", () => {
  it("groups thousands and writes decimals with a comma: «1 234», «4,6», never «4.6»", () => {
    expect(formatNumber(1_234)).toBe(`1${nb}234`);
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(4.6)).toBe("4,6");
    expect(formatNumber(4)).toBe("4");
  });

  it("shows an average rating with exactly one decimal", () => {
    expect(formatRating(4.6)).toBe("4,6");
    expect(formatRating(4)).toBe("4,0");
    expect(formatRating(4.46)).toBe("4,5");
  });
});

describe("plural and formatCount", () => {
  it.each([
    [1, "отзыв"],
    [2, "отзыва"],
    [4, "отзыва"],
    [5, "отзывов"],
    [11, "отзывов"],
    [12, "отзывов"],
    [14, "отзывов"],
    [21, "отзыв"],
    [22, "отзыва"],
    [104, "отзыва"],
    [111, "отзывов"],
    [0, "отзывов"],
  ])("%i → %s", (n, word) => {
    expect(plural(n, "отзыв", "отзыва", "отзывов")).toBe(word);
  });

  it("gives a fraction the genitive singular", () => {
    expect(plural(1.5, "минута", "минуты", "минут")).toBe("минуты");
  });

  it("writes the number grouped before its word", () => {
    expect(formatCount(1_234, "товар", "товара", "товаров")).toBe(`1${nb}234 товара`);
    expect(formatCount(1, "товар", "товара", "товаров")).toBe("1 товар");
  });
});

describe("maskPhone", () => {
  it.each([
    ["9123456789", "+7 (912) 345-67-89"],
    ["+7 912 345 67 89", "+7 (912) 345-67-89"],
    ["89123456789", "+7 (912) 345-67-89"],
    ["912", "+7 (912)"],
    ["91234", "+7 (912) 34"],
    ["", "+7"],
  ])("%s → %s", (input, masked) => {
    expect(maskPhone(input)).toBe(masked);
  });

  it("produces exactly the 18 characters the phone rule requires", () => {
    expect(maskPhone("9123456789")).toHaveLength(18);
  });
});

describe("formatPhoneLabel", () => {
  it("masks a stored phone and leaves any other label as it is", () => {
    expect(formatPhoneLabel("+79123456789")).toBe("+7 (912) 345-67-89");
    expect(formatPhoneLabel("Оператор")).toBe("Оператор");
    expect(formatPhoneLabel("+7912345678")).toBe("+7912345678");
  });
});
