import { describe, expect, it } from "vitest";
import { normalizePhone, profileFromClaims } from "./service.ts";

describe("the bank's claims as profile fields", () => {
  it("reads a phone in the usual spellings as E.164, and nothing else", () => {
    for (const phone of [
      "+79161234567",
      "+7 (916) 123-45-67",
      "89161234567",
      "79161234567",
      "+7 916 123 45 67",
    ]) {
      expect(normalizePhone(phone), phone).toBe("+79161234567");
    }
    for (const bad of ["", "12", "+7abc", 79161234567, null, "+0123456789"]) {
      expect(normalizePhone(bad), String(bad)).toBeNull();
    }
  });

  it("keeps names and email trimmed, and drops what is missing, not text, or too long", () => {
    expect(
      profileFromClaims({
        family_name: "  Иванова ",
        given_name: "Анна",
        middle_name: 42,
        email: "x".repeat(300),
        phone_number: "+79161234567",
        phone_number_verified: true,
      }),
    ).toEqual({ surname: "Иванова", name: "Анна", patronymic: null, email: null, phone: "+79161234567" });
  });

  it("takes the phone only when the bank says it verified it", () => {
    for (const verified of [false, undefined, "true", 1, null]) {
      expect(
        profileFromClaims({ phone_number: "+79161234567", phone_number_verified: verified }).phone,
        String(verified),
      ).toBeNull();
    }
    expect(profileFromClaims({ phone_number: "+79161234567", phone_number_verified: true }).phone).toBe(
      "+79161234567",
    );
  });
});
