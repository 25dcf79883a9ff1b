import { describe, expect, it } from "vitest";
import {
  chooseRecipient,
  recipientOptions,
  type SavedRecipient,
  selfCanReceive,
} from "./recipient-choice.ts";

const PHONE = "+79161234567";
const named = { surname: "Иванова", name: "Анна", phone: PHONE };
const nameless = { surname: null, name: null, phone: PHONE };

const wife: SavedRecipient = { id: 7, phone: "+79035550102", isDefault: true };
const savedSelf: SavedRecipient = { id: 9, phone: PHONE, isDefault: false };

describe("selfCanReceive", () => {
  it("wants surname, name and phone, as placement does", () => {
    expect(selfCanReceive(named)).toBe(true);
    expect(selfCanReceive(nameless)).toBe(false);
    expect(selfCanReceive({ ...named, surname: null })).toBe(false);
    expect(selfCanReceive({ ...named, name: "  " })).toBe(false);
    expect(selfCanReceive({ ...named, phone: null })).toBe(false);
  });
});

describe("recipientOptions", () => {
  it("offers a named shopper as they are", () => {
    expect(recipientOptions(named, [], false)).toEqual({ selfReady: true, selfAsks: false });
  });

  it("asks a nameless shopper for the name", () => {
    expect(recipientOptions(nameless, [], false)).toEqual({ selfReady: false, selfAsks: true });
    expect(recipientOptions(nameless, [wife], false)).toEqual({ selfReady: false, selfAsks: true });
  });

  it("offers no second «Я» once the shopper is a saved recipient (same phone)", () => {
    expect(recipientOptions(nameless, [wife, savedSelf], false)).toEqual({
      selfReady: false,
      selfAsks: false,
    });
  });

  it("asks again when the server refused «Я», whatever the profile looked like", () => {
    expect(recipientOptions(named, [], true)).toEqual({ selfReady: false, selfAsks: true });
    expect(recipientOptions(nameless, [savedSelf], true)).toEqual({ selfReady: false, selfAsks: true });
  });
});

describe("chooseRecipient", () => {
  const ready = { selfReady: true, selfAsks: false };
  const asks = { selfReady: false, selfAsks: true };
  const none = { selfReady: false, selfAsks: false };

  it("keeps the default recipient first, then a ready «Я»", () => {
    expect(chooseRecipient(undefined, ready, [wife])).toBe(7);
    expect(chooseRecipient(undefined, ready, [])).toBe("self");
  });

  it("never picks a nameless «Я» over a saved recipient", () => {
    expect(chooseRecipient(undefined, asks, [{ ...wife, isDefault: false }])).toBe(7);
    expect(chooseRecipient(undefined, none, [savedSelf])).toBe(9);
  });

  it("falls back to «Я» asking for the name when nobody else can receive", () => {
    expect(chooseRecipient(undefined, asks, [])).toBe("self");
  });

  it("keeps the shopper's pick while it is on offer", () => {
    expect(chooseRecipient("self", asks, [wife])).toBe("self");
    expect(chooseRecipient(9, ready, [wife, savedSelf])).toBe(9);
  });

  it("drops a pick that is gone: a deleted recipient, or «Я» no longer offered", () => {
    expect(chooseRecipient(42, ready, [wife])).toBe(7);
    expect(chooseRecipient("self", none, [wife, savedSelf])).toBe(7);
  });
});
