import { describe, expect, it } from "vitest";
import { isSafeRedirectPath, MAX_REDIRECT_LENGTH, safeRedirectPath } from "./redirect-to.ts";

describe("safeRedirectPath", () => {
  it("keeps paths on this site with their query and hash", () => {
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/personal/orders?tab=completed")).toBe("/personal/orders?tab=completed");
    expect(safeRedirectPath("/catalog/12/smartfony?sort=price_asc#filters")).toBe(
      "/catalog/12/smartfony?sort=price_asc#filters",
    );
    expect(safeRedirectPath("/search/%D1%82%D0%B5%D0%BB")).toBe("/search/%D1%82%D0%B5%D0%BB");
    // An encoded slash inside a path stays a path segment; `//` in the query is no host either.
    expect(safeRedirectPath("/search/usb%2Fc")).toBe("/search/usb%2Fc");
    expect(safeRedirectPath("/basket?next=//evil.com")).toBe("/basket?next=//evil.com");
  });

  it.each([
    null,
    undefined,
    42,
    {},
    ["/basket"],
    "",
    "basket",
    " /basket",
    "//evil",
    "//evil.com/basket",
    "/\\evil",
    "\\\\evil.com",
    "/basket\\..\\..\\evil",
    "https://evil",
    "http://evil.com/basket",
    "HTTPS://evil",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "%2F%2Fevil",
    "%2f%2fevil",
    decodeURIComponent("%2F%2Fevil"),
    decodeURIComponent("%2F%5Cevil"),
    "/\t/evil",
    "/\n/evil",
    "/\r/evil",
    "/\t\\evil",
    "/basket\u0000",
    "/basket\u007f",
    "/.//evil.com",
    "/..//evil.com",
    // Percent-encoded, for whatever decodes the path before redirecting: //evil, /\evil, /<tab>/evil.
    "/%2F%2Fevil.com",
    "/%2f%2fevil.com",
    "/%2Fevil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "/basket%5C..%5Cevil",
    "/%09/evil.com",
    "/%0A/evil.com",
    "/%0d%0a/evil.com",
    "/%00",
    "/%E0%A4%A",
    "/%2e%2e%2f%2fevil.com",
    "/a/%2E%2E/%2E%2E%2F%2Fevil.com",
    `/${"a".repeat(MAX_REDIRECT_LENGTH)}`,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
    expect(isSafeRedirectPath(value)).toBe(false);
  });

  it("takes a long path up to the limit", () => {
    const path = `/${"a".repeat(MAX_REDIRECT_LENGTH - 1)}`;
    expect(safeRedirectPath(path)).toBe(path);
    expect(isSafeRedirectPath(path)).toBe(true);
    expect(isSafeRedirectPath("/")).toBe(true);
  });
});
