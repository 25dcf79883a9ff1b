import { describe, expect, it } from "vitest";
import { CHECKOUT_KEY_PATTERN } from "#contract/orders.ts";
import { checkoutKey } from "./checkout-key.ts";

function memory(): Pick<Storage, "getItem" | "setItem"> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

describe("checkoutKey", () => {
  const placement = {
    basketVersion: 3,
    deliveryType: "courier",
    addressId: 7,
    slot: { date: "2026-11-26", startsHour: 9 },
  };

  it("is made once for a placement and kept for its retries", () => {
    const storage = memory();
    const first = checkoutKey(placement, storage);
    expect(first).toMatch(CHECKOUT_KEY_PATTERN);
    expect(first).not.toContain("-");
    expect(checkoutKey({ ...placement }, storage)).toBe(first);
  });

  it("is new for another basket version or other choices, or when the kept one is damaged", () => {
    const storage = memory();
    const first = checkoutKey(placement, storage);
    expect(checkoutKey({ ...placement, basketVersion: 4 }, storage)).not.toBe(first);
    const courier = checkoutKey(placement, storage);
    expect(checkoutKey({ ...placement, slot: { date: "2026-11-26", startsHour: 12 } }, storage)).not.toBe(
      courier,
    );
    expect(checkoutKey({ ...placement, addressId: 8 }, storage)).not.toBe(courier);
    storage.setItem("vitrina.checkoutKey", "{not json");
    expect(checkoutKey(placement, storage)).toMatch(CHECKOUT_KEY_PATTERN);
  });
});
