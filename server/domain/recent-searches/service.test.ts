import { describe, expect, it } from "vitest";
import { recentQueryKey } from "./service.ts";

describe("recentQueryKey", () => {
  it("treats case and ё/е as the same query", () => {
    expect(recentQueryKey("Ёлка IPhone")).toBe(recentQueryKey("елка iphone"));
    expect(recentQueryKey("Смартфон")).toBe("смартфон");
  });

  it("keeps different words apart", () => {
    expect(recentQueryKey("чайник")).not.toBe(recentQueryKey("чайники"));
  });
});
