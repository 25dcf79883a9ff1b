import { describe, expect, it } from "vitest";
import { declineCookie, hasCookie, shouldShowImportModal } from "./import-modal-rules.ts";

const base = { featureOn: true, routeId: "index", option: true, sessionFlag: false, cookieFlag: false };

describe("identity-import modal rules", () => {
  it("shows on the home page, the basket and the delivery step when the option is on", () => {
    for (const routeId of ["index", "basket", "checkout-steps-delivery"]) {
      expect(shouldShowImportModal({ ...base, routeId })).toBe(true);
    }
  });

  it.each([
    ["the feature is off", { featureOn: false }],
    ["another screen", { routeId: "catalog" }],
    ["the option is false", { option: false }],
    ["the option is the string 'true'", { option: "true" }],
    ["declined in this session", { sessionFlag: true }],
    ["declined within the delay", { cookieFlag: true }],
  ])("stays hidden when %s", (_why, patch) => {
    expect(shouldShowImportModal({ ...base, ...patch })).toBe(false);
  });

  it("keeps the decline for the delay option's hours, 24 h by default", () => {
    expect(declineCookie(24, false)).toBe("disableShowModalCookie=1; Max-Age=86400; Path=/; SameSite=Lax");
    expect(declineCookie(2, true)).toContain("Max-Age=7200");
    expect(declineCookie(2, true)).toContain("Secure");
    expect(declineCookie(undefined, false)).toContain("Max-Age=86400");
    expect(declineCookie("abc", false)).toContain("Max-Age=86400");
  });

  it("reads a cookie by exact name", () => {
    expect(hasCookie("a=1; disableShowModalCookie=1", "disableShowModalCookie")).toBe(true);
    expect(hasCookie("xdisableShowModalCookie=1", "disableShowModalCookie")).toBe(false);
  });
});
