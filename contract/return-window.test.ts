import { describe, expect, it } from "vitest";
import { cashbackAvailableAt, RETURN_WINDOW_DAYS, returnWindowLastDay } from "./return-window.ts";

describe("the return window", () => {
  it("is 14 days counted from the day after delivery, in Moscow's calendar", () => {
    expect(RETURN_WINDOW_DAYS).toBe(14);
    // 1 December, 12:00 in Moscow.
    expect(returnWindowLastDay(new Date("2026-12-01T09:00:00Z"))).toBe("2026-12-15");
    // 23:30 on 1 December in Moscow is still 1 December there, though 2 December has not begun in UTC…
    expect(returnWindowLastDay(new Date("2026-12-01T20:30:00Z"))).toBe("2026-12-15");
    // …and 00:30 on 2 December in Moscow is 2 December there, though UTC still says 1 December.
    expect(returnWindowLastDay(new Date("2026-12-01T21:30:00Z"))).toBe("2026-12-16");
    // Across the year's end.
    expect(returnWindowLastDay(new Date("2026-12-25T10:00:00Z"))).toBe("2027-01-08");
  });

  it("releases the cashback at midnight in Moscow after the window's last day", () => {
    expect(cashbackAvailableAt(new Date("2026-12-01T09:00:00Z")).toISOString()).toBe(
      "2026-12-15T21:00:00.000Z",
    );
    expect(cashbackAvailableAt(new Date("2026-12-01T21:30:00Z")).toISOString()).toBe(
      "2026-12-16T21:00:00.000Z",
    );
  });
});
