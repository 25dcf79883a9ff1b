import { describe, expect, expectTypeOf, it } from "vitest";
import { formatPoints, formatRub } from "./format.ts";
import { type Kopecks, kopecks, type Points, points, pointsToKopecks } from "./money.ts";

describe("kopecks and points", () => {
  it("take whole numbers only: roubles with a fraction are refused at run time", () => {
    expect(kopecks(1_299_050)).toBe(1_299_050);
    expect(points(5_000)).toBe(5_000);
    expect(() => kopecks(129.9)).toThrow(RangeError);
    expect(() => points(0.5)).toThrow(RangeError);
    expect(() => kopecks(Number.NaN)).toThrow(RangeError);
    expect(() => kopecks(2 ** 53)).toThrow(RangeError);
  });

  it("turn points into the kopecks they pay (1 point = 1 ₽)", () => {
    expect(pointsToKopecks(points(250))).toBe(25_000);
  });
});

// Checked by `tsc` (typecheck covers test files): each `@ts-expect-error` fails the typecheck the day
// the line below it compiles, that is, the day a formatter accepts a plain number again.
describe("the types keep money, points and plain numbers apart", () => {
  it("formatRub takes kopecks, not roubles, points or plain numbers", () => {
    const roubles = 12_990;
    // @ts-expect-error roubles (a plain number) where kopecks are expected
    formatRub(roubles);
    // @ts-expect-error points where kopecks are expected
    formatRub(points(100));
    expectTypeOf(formatRub).parameter(0).toEqualTypeOf<Kopecks>();
    expectTypeOf<number>().not.toExtend<Kopecks>();
  });

  it("formatPoints takes points, not kopecks", () => {
    // @ts-expect-error kopecks where points are expected
    formatPoints(kopecks(10_000));
    // @ts-expect-error a plain number where points are expected
    formatPoints(100);
    expectTypeOf(formatPoints).parameter(0).toEqualTypeOf<Points>();
    expectTypeOf<Kopecks>().not.toExtend<Points>();
  });

  it("still does arithmetic: a branded amount is a number", () => {
    expectTypeOf<Kopecks>().toExtend<number>();
    expectTypeOf(kopecks(100) + kopecks(200)).toEqualTypeOf<number>();
  });
});
