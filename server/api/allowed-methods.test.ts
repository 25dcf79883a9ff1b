import { describe, expect, it } from "vitest";
import { allowedMethods } from "./allowed-methods.ts";

const methodsOf = allowedMethods(
  {
    "/api/v1/wishlist": { get: {}, post: {} },
    "/api/v1/wishlist/ids": { get: {} },
    "/api/v1/wishlist/{productId}": { delete: {} },
    "/api/v1/user/address/{id}/selected": { put: {} },
    "/api/v1/user/address/{id}": { put: {}, delete: {} },
  },
  { "/api/build": ["GET"] },
);

describe("allowedMethods", () => {
  it("answers the methods of the path's template, GET with HEAD", () => {
    expect(methodsOf("/api/v1/wishlist")).toEqual(["GET", "POST", "HEAD"]);
    expect(methodsOf("/api/v1/wishlist/17")).toEqual(["DELETE"]);
    expect(methodsOf("/api/v1/user/address/5/selected")).toEqual(["PUT"]);
    expect(methodsOf("/api/build")).toEqual(["GET", "HEAD"]);
  });

  it("takes the template naming the path most literally over one with a parameter there", () => {
    // Else DELETE /wishlist/ids would pass as /wishlist/{productId} and be refused as a bad id (400).
    expect(methodsOf("/api/v1/wishlist/ids")).toEqual(["GET", "HEAD"]);
  });

  it("takes a trailing slash as the template's pattern does", () => {
    expect(methodsOf("/api/v1/wishlist/")).toEqual(["GET", "POST", "HEAD"]);
    expect(methodsOf("/api/v1/user/address/5/")).toEqual(["PUT", "DELETE"]);
  });

  it("knows nothing of undocumented paths", () => {
    expect(methodsOf("/api/v1/nothing")).toBeUndefined();
    expect(methodsOf("/api/v1/wishlist/1/2")).toBeUndefined();
    expect(methodsOf("/api/v1/wishlist//")).toBeUndefined();
    expect(methodsOf("/api/v1/user/address//selected")).toBeUndefined();
  });
});
