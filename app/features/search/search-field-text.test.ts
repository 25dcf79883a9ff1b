import { describe, expect, it } from "vitest";
import { searchFieldText } from "./search-field-text.ts";

describe("the search field's text at an address", () => {
  it("is empty outside the search pages, whatever the query string says", () => {
    expect(searchFieldText("/", "")).toBe("");
    expect(searchFieldText("/product/17", "?q=айфон")).toBe("");
    expect(searchFieldText("/catalog/3/smartfony", "?sort=price&q=айфон")).toBe("");
    expect(searchFieldText("/search-form", "?q=айфон")).toBe("");
    expect(searchFieldText("/searchlight", "?q=айфон")).toBe("");
  });

  it("is the query on a results page: ?q=, or the words of a readable address", () => {
    expect(searchFieldText("/search/", "?q=%D0%B0%D0%B9%D1%84%D0%BE%D0%BD+15")).toBe("айфон 15");
    expect(searchFieldText("/search", "?q=  чайник  ")).toBe("чайник");
    expect(searchFieldText("/search/smartfon-samsung", "")).toBe("smartfon samsung");
    expect(searchFieldText("/search/%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA", "")).toBe("чайник");
    expect(searchFieldText("/search/50%ZZ", "")).toBe("50%ZZ");
    expect(searchFieldText("/search/", "")).toBe("");
    expect(searchFieldText("/search/", `?q=${"я".repeat(300)}`)).toHaveLength(200);
  });
});
