import { describe, expect, it } from "vitest";
import { regionLabel } from "./city-options.ts";

describe("regionLabel", () => {
  it("shows the region, or says the city is a federal one when it is its own region", () => {
    expect(regionLabel({ name: "Казань", region: "Республика Татарстан" })).toBe("Республика Татарстан");
    expect(regionLabel({ name: "Москва", region: "Москва" })).toBe("Город федерального значения");
  });
});
