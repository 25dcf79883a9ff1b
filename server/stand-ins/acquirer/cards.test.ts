import { describe, expect, it } from "vitest";
import { checkCard, luhnValid, maskPan, TEST_CARDS } from "./cards.ts";

const NOW = new Date("2026-11-24T12:00:00Z");

describe("Luhn", () => {
  it("accepts the test cards and well-known valid numbers", () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.pan)).toBe(true);
    expect(luhnValid("5555555555554444")).toBe(true);
    expect(luhnValid("79927398713")).toBe(true);
  });
  it("refuses a changed digit, swapped digits and non-digits", () => {
    expect(luhnValid("4300000000000778")).toBe(false);
    expect(luhnValid("4300000000007077")).toBe(false);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("4300 0000")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
});

describe("the card form", () => {
  const good = { pan: "4300 0000 0000 0777", expiry: "12/30", cvc: "123" };

  it("takes a test card with a future expiry and a CVC", () => {
    expect(checkCard(good, NOW)).toEqual({
      errors: {},
      card: { pan: "4300000000000777", expDate: "1230", outcome: "success" },
    });
    expect(checkCard({ ...good, pan: "2200000000000004" }, NOW).card?.outcome).toBe("3ds");
    expect(checkCard({ ...good, pan: "4000-0000-0000-0002" }, NOW).card?.outcome).toBe("declined");
    expect(checkCard({ ...good, pan: "4000000000009995" }, NOW).card?.outcome).toBe("insufficient_funds");
  });

  it("explains a wrong number in Russian", () => {
    expect(checkCard({ ...good, pan: "" }, NOW).errors.pan).toBe("Введите номер карты");
    expect(checkCard({ ...good, pan: "4300 0000 0000 0778" }, NOW).errors.pan).toMatch(/с ошибкой/);
    expect(checkCard({ ...good, pan: "1234" }, NOW).errors.pan).toMatch(/от 13 до 19/);
    // Valid, but not one of ours: a real card is never taken.
    expect(checkCard({ ...good, pan: "5555555555554444" }, NOW).errors.pan).toMatch(/тестовой картой/);
  });

  it("takes this month and refuses last month, a 13th month and other shapes", () => {
    expect(checkCard({ ...good, expiry: "11/26" }, NOW).errors.expiry).toBeUndefined();
    expect(checkCard({ ...good, expiry: "1126" }, NOW).card?.expDate).toBe("1126");
    expect(checkCard({ ...good, expiry: "10/26" }, NOW).errors.expiry).toBe("Срок действия карты истёк");
    expect(checkCard({ ...good, expiry: "13/30" }, NOW).errors.expiry).toMatch(/ММ\/ГГ/);
    expect(checkCard({ ...good, expiry: "00/30" }, NOW).errors.expiry).toMatch(/ММ\/ГГ/);
    expect(checkCard({ ...good, expiry: "12/2030" }, NOW).errors.expiry).toMatch(/ММ\/ГГ/);
    expect(checkCard({ ...good, expiry: "" }, NOW).errors.expiry).toBe("Введите срок действия карты");
    // The last evening of October in Moscow is already November there.
    expect(checkCard({ ...good, expiry: "10/26" }, new Date("2026-10-31T21:30:00Z")).errors.expiry).toBe(
      "Срок действия карты истёк",
    );
  });

  it("wants three digits of CVC", () => {
    expect(checkCard({ ...good, cvc: "" }, NOW).errors.cvc).toBe("Введите код CVC");
    expect(checkCard({ ...good, cvc: "12" }, NOW).errors.cvc).toMatch(/три цифры/);
    expect(checkCard({ ...good, cvc: "12a" }, NOW).errors.cvc).toMatch(/три цифры/);
    expect(checkCard({ ...good, cvc: "12" }, NOW).card).toBeUndefined();
  });

  it("masks a number as T-Bank does", () => {
    expect(maskPan("4300000000000777")).toBe("430000******0777");
  });
});
