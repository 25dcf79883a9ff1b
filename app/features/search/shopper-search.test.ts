import { describe, expect, it } from "vitest";
import { SHOPPER_SEARCH_STATE, searchToRecord } from "./shopper-search.ts";

const made = { q: "чайник", state: SHOPPER_SEARCH_STATE, navigationType: "PUSH" } as const;

describe("which shown searches are recorded", () => {
  it("records a search made with the storefront's controls, once per navigation", () => {
    expect(searchToRecord({ ...made, key: "a1" })).toBe("чайник");
    // The same page rendered again, or remounted, is not a new search.
    expect(searchToRecord({ ...made, key: "a1" })).toBeUndefined();
    expect(searchToRecord({ ...made, key: "a2" })).toBe("чайник");
    expect(searchToRecord({ ...made, key: "a3", navigationType: "REPLACE" })).toBe("чайник");
  });

  it("does not record a results page opened from a link, a bookmark or history", () => {
    // A document load (a link from elsewhere, a bookmark, a crawler) has no state and is a POP.
    expect(searchToRecord({ ...made, key: "default", state: null, navigationType: "POP" })).toBeUndefined();
    // A reload or back/forward keeps the state, but is a POP.
    expect(searchToRecord({ ...made, key: "b1", navigationType: "POP" })).toBeUndefined();
    // An in-app link that is not a search control (a content page's link, say).
    expect(searchToRecord({ ...made, key: "b2", state: undefined })).toBeUndefined();
    expect(searchToRecord({ ...made, key: "b3", state: { shopperSearch: "yes" } })).toBeUndefined();
    // A readable /search/{words} landing page has no ?q=.
    expect(searchToRecord({ ...made, key: "b4", q: null })).toBeUndefined();
    expect(searchToRecord({ ...made, key: "b5", q: "" })).toBeUndefined();
  });
});
