import { describe, expect, it } from "vitest";
import { headerHeight, INITIAL_HEADER_STATE } from "./header-state.ts";

describe("header state", () => {
  it("starts at the spec's heights", () => {
    expect(INITIAL_HEADER_STATE).toEqual({ top: 0, middle: 80, bottom: 70 });
  });

  it("adds up the visible bars, 44 px before anything is known", () => {
    expect(headerHeight(undefined, { top: true, middle: true, bottom: true })).toBe(44);
    expect(headerHeight(INITIAL_HEADER_STATE, { top: true, middle: true, bottom: false })).toBe(80);
    expect(headerHeight({ top: 36, middle: 80, bottom: 48 }, { top: true, middle: true, bottom: true })).toBe(
      164,
    );
  });
});
