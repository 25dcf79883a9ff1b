import { describe, expect, it } from "vitest";
import { movesFrom } from "./moves.ts";

describe("the moves the order card offers", () => {
  it("walks a pickup parcel through the point and a courier's straight to the shopper", () => {
    expect(movesFrom("paid", "pickup")).toEqual(["assembling"]);
    expect(movesFrom("assembling", "courier")).toEqual(["in_delivery"]);
    expect(movesFrom("in_delivery", "pickup")).toEqual(["ready_for_pickup"]);
    expect(movesFrom("in_delivery", "courier")).toEqual(["delivered"]);
    expect(movesFrom("ready_for_pickup", "pickup")).toEqual(["delivered"]);
  });

  it("offers nothing before payment or after the end, and never a cancel or not-collected move", () => {
    for (const status of ["awaiting_payment", "delivered", "not_collected", "cancelled"] as const) {
      expect(movesFrom(status, "pickup")).toEqual([]);
    }
  });
});
