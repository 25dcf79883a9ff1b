import { describe, expect, it } from "vitest";
import { bonusError, fromSlider, parsePoints, sliderStep, sliderValue } from "./bonus.ts";

const limits = { min: 100, max: 1_500 };

describe("the bonus field and slider", () => {
  it("reads typed points, with the spaces of «1 200», and nothing else", () => {
    expect(parsePoints("1 200")).toBe(1200);
    expect(parsePoints("1\u00a0200")).toBe(1200);
    expect(parsePoints("")).toBeUndefined();
    expect(parsePoints("12a")).toBeUndefined();
    expect(parsePoints("-5")).toBeUndefined();
  });

  it("keeps the slider within 0…max, and a spend under the minimum at the minimum", () => {
    expect(sliderValue(5_000, limits)).toBe(1_500);
    expect(sliderValue(40, limits)).toBe(100);
    expect(sliderValue(undefined, limits)).toBe(0);
    expect(sliderValue(700, limits)).toBe(700);
  });

  it("never lets the slider stop between zero and the minimum, and reaches the exact maximum", () => {
    expect(fromSlider(10, limits)).toBe(100);
    expect(fromSlider(0, limits)).toBe(0);
    expect(fromSlider(1_510, limits)).toBe(1_500);
    expect(sliderStep(limits)).toBe(1);
    expect(sliderStep({ min: 100, max: 5_000 })).toBe(10);
  });

  it("says the spec's messages: specify, over the max, under the min", () => {
    expect(bonusError(undefined, limits)).toBe("Укажите, сколько баллов списать");
    // Thousands grouped by a no-break space, as every figure in the shop (ADR 046).
    expect(bonusError(2_000, limits)).toBe("Можно списать не больше 1\u00a0500 баллов");
    expect(bonusError(50, limits)).toBe("Списать можно от 100 баллов");
    expect(bonusError(0, limits)).toBeUndefined();
    expect(bonusError(500, limits)).toBeUndefined();
  });
});
