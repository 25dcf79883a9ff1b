import { describe, expect, it } from "vitest";
import { nextActiveId, regionLabel } from "./city-options.ts";

describe("nextActiveId", () => {
  const ids = [10, 20, 30];

  it("steps with the arrows and wraps around both ends", () => {
    expect(nextActiveId(ids, null, "ArrowDown")).toBe(10);
    expect(nextActiveId(ids, 10, "ArrowDown")).toBe(20);
    expect(nextActiveId(ids, 30, "ArrowDown")).toBe(10);
    expect(nextActiveId(ids, null, "ArrowUp")).toBe(30);
    expect(nextActiveId(ids, 20, "ArrowUp")).toBe(10);
    expect(nextActiveId(ids, 10, "ArrowUp")).toBe(30);
  });

  it("jumps to the ends with Home and End", () => {
    expect(nextActiveId(ids, 20, "Home")).toBe(10);
    expect(nextActiveId(ids, 20, "End")).toBe(30);
  });

  it("starts over when the active option left the list, and has nothing to activate in an empty one", () => {
    expect(nextActiveId(ids, 99, "ArrowDown")).toBe(10);
    expect(nextActiveId([], 10, "ArrowDown")).toBeNull();
  });
});

describe("regionLabel", () => {
  it("shows the region, or says the city is a federal one when it is its own region", () => {
    expect(regionLabel({ name: "Казань", region: "Республика Татарстан" })).toBe("Республика Татарстан");
    expect(regionLabel({ name: "Москва", region: "Москва" })).toBe("Город федерального значения");
  });
});
