import { describe, expect, it } from "vitest";
import { hasSignedInHint, signedInHint } from "./session-hint.ts";

describe("the signed-in hint in a cookie string", () => {
  it("is the value of signed_in, wherever it stands", () => {
    expect(signedInHint("signed_in=Ab3_-xYz")).toBe("Ab3_-xYz");
    expect(signedInHint("vid=123; signed_in=Ab3_-xYz; city_id=5")).toBe("Ab3_-xYz");
    expect(hasSignedInHint("a=1;signed_in=q")).toBe(true);
  });

  it("is absent without the cookie, with an empty one, or under a look-alike name", () => {
    expect(signedInHint(undefined)).toBeUndefined();
    expect(signedInHint("")).toBeUndefined();
    expect(signedInHint("signed_in=")).toBeUndefined();
    expect(signedInHint("not_signed_in=1; signed_inx=2")).toBeUndefined();
    expect(hasSignedInHint(null)).toBe(false);
  });
});
