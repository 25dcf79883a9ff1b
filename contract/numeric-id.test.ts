import { describe, expect, it } from "vitest";
import { canonicalId, MAX_ID } from "./numeric-id.ts";
import { idParam } from "./id-param.ts";

/** Each of these is 1000 to Number(); only the first is its address. */
const SPELLINGS_OF_1000 = ["1e3", "+1000", "01000", " 1000", "1000 ", "1000.0", "0x3e8", "1_000", "1000."];

describe("numeric ids in URLs", () => {
  it("have one spelling: canonical decimal", () => {
    expect(canonicalId("1000")).toBe(1000);
    for (const segment of SPELLINGS_OF_1000) expect(canonicalId(segment), segment).toBeUndefined();
    for (const segment of ["0", "-5", "", "abc", "٣", "1".repeat(17)]) {
      expect(canonicalId(segment), segment).toBeUndefined();
    }
  });

  it("stay within the range", () => {
    expect(canonicalId(String(MAX_ID))).toBe(MAX_ID);
    expect(canonicalId(String(MAX_ID + 1))).toBeUndefined();
    expect(canonicalId("999999999999", 999_999_999_999)).toBe(999_999_999_999);
  });

  it("parse as a schema the same way, numbers passing as themselves", () => {
    const schema = idParam("Идентификатор должен быть целым положительным числом");
    expect(schema.parse("1000")).toBe(1000);
    expect(schema.parse(1000)).toBe(1000);
    for (const value of [...SPELLINGS_OF_1000, "0", String(MAX_ID + 1), 1.5, -1, 0]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Идентификатор должен быть целым положительным числом");
    }
  });
});
