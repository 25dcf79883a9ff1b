import { describe, expect, it } from "vitest";
import { signInHref } from "./sign-in-link.ts";

describe("signInHref", () => {
  it("keeps the page and its query to come back to", () => {
    expect(signInHref({ pathname: "/product/42", search: "?tab=reviews" })).toBe(
      "/auth?redirectTo=%2Fproduct%2F42%3Ftab%3Dreviews",
    );
  });

  it("has no redirectTo from the home page or the sign-in screens", () => {
    expect(signInHref({ pathname: "/", search: "" })).toBe("/auth");
    expect(signInHref({ pathname: "/auth", search: "?redirectTo=%2Fbasket" })).toBe("/auth");
    expect(signInHref({ pathname: "/auth/mobile", search: "" })).toBe("/auth");
    expect(signInHref({ pathname: "/confirm/auth", search: "" })).toBe("/auth");
  });
});
