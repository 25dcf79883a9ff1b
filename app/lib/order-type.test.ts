import { describe, expect, it } from "vitest";
import { getOrderType, setOrderType } from "./order-type.ts";
import { nextOrderType } from "./route-meta.ts";

describe("order-type preference", () => {
  it("survives moves inside the account and resets anywhere else", () => {
    setOrderType("completed");
    setOrderType(nextOrderType(getOrderType(), "personal-orders-orderId"));
    expect(getOrderType()).toBe("completed");
    setOrderType(nextOrderType(getOrderType(), "catalog"));
    expect(getOrderType()).toBe("current");
  });
});
