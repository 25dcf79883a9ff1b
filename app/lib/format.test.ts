import { describe, expect, it } from "vitest";
import { formatDate } from "./format.ts";

describe("formatDate", () => {
  it("writes the day in Moscow time, whatever the machine's time zone", () => {
    // 22:30 UTC on 21 November is already 22 November in Moscow (UTC+3).
    expect(formatDate("2026-11-21T22:30:00Z")).toBe("22 ноября 2026 г.");
    expect(formatDate(new Date("2026-11-21T20:59:00Z"))).toBe("21 ноября 2026 г.");
  });
});
