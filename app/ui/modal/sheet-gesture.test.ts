import { describe, expect, it } from "vitest";
import {
  SWIPE_CLOSE_FRACTION,
  SWIPE_FLICK_MIN_PX,
  SWIPE_FLICK_MS,
  sheetOffset,
  shouldCloseSheet,
} from "./sheet-gesture.ts";

describe("constants", () => {
  it("match the spec", () => {
    expect(SWIPE_CLOSE_FRACTION).toBe(0.1);
    expect(SWIPE_FLICK_MS).toBe(300);
  });
});

describe("shouldCloseSheet", () => {
  const slow = 1000;
  it.each([
    // distance, height, durationMs, closes
    ["slow drag of 0.09 of the height stays", 90, 1000, slow, false],
    ["slow drag of exactly 0.1 stays (must exceed)", 100, 1000, slow, false],
    ["slow drag of 0.11 closes", 110, 1000, slow, true],
    ["slow long drag closes", 600, 1000, slow, true],
    ["short flick closes", 30, 1000, 120, true],
    ["flick just under 300 ms closes", 20, 1000, 299, true],
    ["small drag released at 300 ms stays", 20, 1000, 300, false],
    ["slow small drag stays", 40, 1000, 800, false],
    ["tap on the handle (finger jitter) stays", SWIPE_FLICK_MIN_PX - 1, 1000, 80, false],
    ["no movement stays", 0, 1000, 50, false],
    ["fast upward flick never closes", -200, 1000, 100, false],
    ["long upward drag never closes", -900, 1000, slow, false],
    ["unmeasured height: only a flick closes", 500, 0, slow, false],
    ["unmeasured height, flick", 50, 0, 100, true],
    ["a short sheet closes on a short drag", 25, 200, slow, true],
  ])("%s", (_name, distance, height, durationMs, closes) => {
    expect(shouldCloseSheet({ distance, height, durationMs })).toBe(closes);
  });

  it("never closes on NaN input", () => {
    expect(shouldCloseSheet({ distance: Number.NaN, height: 100, durationMs: 10 })).toBe(false);
  });
});

describe("sheetOffset", () => {
  it("follows downwards, not upwards", () => {
    expect(sheetOffset(120)).toBe(120);
    expect(sheetOffset(-40)).toBe(0);
  });
});
