import { describe, expect, it } from "vitest";
import { safeReturnTo, selectCityHref } from "./return-to.ts";

describe("safeReturnTo", () => {
  it("keeps paths on this site with their query and hash", () => {
    expect(safeReturnTo("/basket")).toBe("/basket");
    expect(safeReturnTo("/catalog/12/smartfony?sort=price_asc#filters")).toBe(
      "/catalog/12/smartfony?sort=price_asc#filters",
    );
    expect(safeReturnTo("/search/%D1%82%D0%B5%D0%BB%D0%B5%D1%84%D0%BE%D0%BD")).toBe(
      "/search/%D1%82%D0%B5%D0%BB%D0%B5%D1%84%D0%BE%D0%BD",
    );
  });

  it("falls back to the home page when there is nothing to return to", () => {
    expect(safeReturnTo(null)).toBe("/");
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo("")).toBe("/");
  });

  it.each([
    "//evil.com",
    "//evil.com/basket",
    "https://evil.com",
    "http://evil.com/basket",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/.//evil.com",
    "/..//evil.com",
    "basket",
    " /basket",
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });

  it("does not return to the city page itself", () => {
    expect(safeReturnTo("/select-city")).toBe("/");
    expect(safeReturnTo("/select-city?returnTo=/basket")).toBe("/");
  });
});

describe("selectCityHref", () => {
  it("remembers where the shopper was", () => {
    expect(selectCityHref({ pathname: "/basket", search: "" })).toBe("/select-city?returnTo=%2Fbasket");
    expect(selectCityHref({ pathname: "/catalog/12/phones", search: "?sort=new" })).toBe(
      "/select-city?returnTo=%2Fcatalog%2F12%2Fphones%3Fsort%3Dnew",
    );
  });

  it("needs no returnTo from the home page and keeps the current one on the city page", () => {
    expect(selectCityHref({ pathname: "/", search: "" })).toBe("/select-city");
    expect(selectCityHref({ pathname: "/select-city", search: "?returnTo=%2Fbasket" })).toBe(
      "/select-city?returnTo=%2Fbasket",
    );
  });

  it("round-trips through safeReturnTo", () => {
    const href = selectCityHref({ pathname: "/product/42", search: "?tab=reviews" });
    const returnTo = new URL(href, "http://localhost").searchParams.get("returnTo");
    expect(safeReturnTo(returnTo)).toBe("/product/42?tab=reviews");
  });
});
