import { describe, expect, it } from "vitest";
import {
  BANK_ERROR_MESSAGES,
  bankSignInHref,
  IMPORT_ERROR_MESSAGES,
  isBankErrorCode,
} from "./bank-sign-in.ts";

describe("bank sign-in contract", () => {
  it("links to the start route with a same-origin redirectTo only", () => {
    expect(bankSignInHref("/personal/orders?tab=completed")).toBe(
      "/api/v1/auth/bank?redirectTo=%2Fpersonal%2Forders%3Ftab%3Dcompleted",
    );
    for (const unsafe of [
      null,
      undefined,
      "",
      "/",
      "//evil.example",
      "/\\evil",
      "https://evil",
      "javascript:x",
    ]) {
      expect(bankSignInHref(unsafe), String(unsafe)).toBe("/api/v1/auth/bank");
    }
  });

  it("knows its error codes and nothing else, with a message for sign-in and for an import", () => {
    for (const code of Object.keys(BANK_ERROR_MESSAGES)) {
      expect(isBankErrorCode(code)).toBe(true);
      expect(IMPORT_ERROR_MESSAGES[code as keyof typeof IMPORT_ERROR_MESSAGES]).toMatch(/[А-Яа-я]/);
    }
    for (const other of ["toString", "__proto__", "<script>", "", 1, null])
      expect(isBankErrorCode(other)).toBe(false);
  });
});
