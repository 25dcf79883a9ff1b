import { describe, expect, it } from "vitest";
import { publicOriginOf, withOrigin } from "./public-origin.ts";

const internal = (headers: Record<string, string> = {}) =>
  new Request("http://10.0.0.7:3000/product/1?x=1", { headers });
const proxied = {
  "x-forwarded-host": "shop.example",
  "x-forwarded-proto": "https",
};

describe("the public origin", () => {
  it("is PUBLIC_ORIGIN when set, whatever the request or its headers say", () => {
    const settings = { publicOrigin: "https://vitrina.example/", trustProxy: true };
    expect(publicOriginOf(internal({ "x-forwarded-host": "evil.example" }), settings)).toBe(
      "https://vitrina.example",
    );
  });

  it("ignores forwarded headers unless TRUST_PROXY is on", () => {
    const settings = { publicOrigin: undefined, trustProxy: false };
    expect(publicOriginOf(internal(proxied), settings)).toBe("http://10.0.0.7:3000");
  });

  it("takes the trusted proxy's host and scheme, the first of each list", () => {
    const settings = { publicOrigin: undefined, trustProxy: true };
    expect(publicOriginOf(internal(proxied), settings)).toBe("https://shop.example");
    expect(
      publicOriginOf(
        internal({ "x-forwarded-host": "Shop.Example:443, lb.internal", "x-forwarded-proto": "HTTPS, http" }),
        settings,
      ),
    ).toBe("https://shop.example");
    // Only the scheme behind a proxy that keeps the Host header.
    expect(publicOriginOf(internal({ "x-forwarded-proto": "https" }), settings)).toBe(
      "https://10.0.0.7:3000",
    );
  });

  it("does not let a forwarded value smuggle in anything but a host and a known scheme", () => {
    const settings = { publicOrigin: undefined, trustProxy: true };
    for (const host of ["evil.example/path", "user@evil.example", "evil.example:99999x", "", " ", "a b"]) {
      expect(publicOriginOf(internal({ "x-forwarded-host": host }), settings), host).toBe(
        "http://10.0.0.7:3000",
      );
    }
    expect(publicOriginOf(internal({ "x-forwarded-proto": "javascript" }), settings)).toBe(
      "http://10.0.0.7:3000",
    );
    expect(publicOriginOf(internal({ "x-forwarded-host": "[::1]:8443" }), settings)).toBe(
      "http://[::1]:8443",
    );
  });

  it("is https for a TLS socket even without a proxy", () => {
    const request = new Request("https://shop.example/");
    expect(publicOriginOf(request, { publicOrigin: undefined, trustProxy: false })).toBe(
      "https://shop.example",
    );
  });
});

describe("a request readdressed to the public origin", () => {
  it("keeps its path, query, method, headers and body", async () => {
    const request = new Request("http://10.0.0.7:3000/a/b?c=1", {
      method: "POST",
      headers: { cookie: "sid=1" },
      body: "x=1",
    });
    const moved = withOrigin(request, "https://shop.example");
    expect(moved.url).toBe("https://shop.example/a/b?c=1");
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("cookie")).toBe("sid=1");
    expect(await moved.text()).toBe("x=1");
    expect(withOrigin(request, "http://10.0.0.7:3000")).toBe(request);
  });
});
