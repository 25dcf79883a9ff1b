import { describe, expect, it } from "vitest";
import { BREAKPOINT_PX, isMobileWidth, MOBILE_MEDIA_QUERY } from "./media.ts";

describe("breakpoint", () => {
  it("is the spec's 1200 px, inclusive", () => {
    expect(BREAKPOINT_PX).toBe(1200);
    expect(MOBILE_MEDIA_QUERY).toBe("(max-width: 1200px)");
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(1200)).toBe(true);
    expect(isMobileWidth(1201)).toBe(false);
  });
});
