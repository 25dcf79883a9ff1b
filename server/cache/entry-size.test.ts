import { describe, expect, it } from "vitest";
import { dataSize, pageSize } from "./entry-size.ts";

describe("cache entry sizes", () => {
  it("counts a data entry by its JSON (twice its length, as the heap holds it), and refuses to size what cannot be serialised", () => {
    expect(dataSize({ items: [{ id: 1, name: "Чайник" }] })).toBe(
      2 * '{"items":[{"id":1,"name":"Чайник"}]}'.length,
    );
    expect(dataSize(undefined)).toBe(0);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(dataSize(cycle)).toBe(Number.POSITIVE_INFINITY);
    expect(dataSize({ n: 1n })).toBe(Number.POSITIVE_INFINITY);
  });

  it("counts a page by its body bytes and headers", () => {
    const body = new TextEncoder().encode("<p>Привет</p>");
    const page = {
      status: 200,
      headers: [["content-type", "text/html"]] as [string, string][],
      body,
      etag: 'W/"abc"',
      storable: true,
    };
    expect(pageSize(page)).toBe(
      body.byteLength + 'W/"abc"'.length + "content-type".length + "text/html".length,
    );
  });
});
