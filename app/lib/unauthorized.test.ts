import { describe, expect, it, vi } from "vitest";
import { goToSignIn, signInLocation } from "./unauthorized.ts";

describe("the 401 redirect", () => {
  it("sends the shopper to /auth with the full current path, query and hash", () => {
    expect(signInLocation({ pathname: "/personal/orders", search: "?tab=completed", hash: "#o-12" })).toBe(
      "/auth?redirectTo=%2Fpersonal%2Forders%3Ftab%3Dcompleted%23o-12",
    );
  });

  it("never leaves the auth routes (the spec's exception), but does leave look-alikes", () => {
    for (const pathname of ["/auth", "/auth/mobile", "/confirm/auth"]) {
      expect(signInLocation({ pathname, search: "?redirectTo=%2F", hash: "" })).toBeUndefined();
    }
    expect(signInLocation({ pathname: "/authors", search: "", hash: "" })).toBe(
      "/auth?redirectTo=%2Fauthors",
    );
  });

  it("navigates by a full page load", () => {
    const assign = vi.fn();
    goToSignIn({ pathname: "/basket", search: "", hash: "", assign } as unknown as Location);
    expect(assign).toHaveBeenCalledWith("/auth?redirectTo=%2Fbasket");
    const stay = vi.fn();
    goToSignIn({ pathname: "/auth/mobile", search: "", hash: "", assign: stay } as unknown as Location);
    expect(stay).not.toHaveBeenCalled();
  });
});
