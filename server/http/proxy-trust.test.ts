import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import {
  forwardedClient,
  parseProxyTrust,
  type TrustedProxies,
  trustsForwarded,
  trustsPeer,
} from "./proxy-trust.ts";

const list = (value: string) => parseProxyTrust(value) as TrustedProxies;

describe("TRUST_PROXY", () => {
  it("is off when empty or 0, any peer for 1 or true", () => {
    for (const off of ["", " ", "0", "false", "off"]) expect(parseProxyTrust(off)).toBe(false);
    for (const any of ["1", "true", "TRUE", "yes"]) expect(parseProxyTrust(any)).toBe(true);
    expect(trustsPeer(true, "203.0.113.7")).toBe(true);
    expect(trustsPeer(true, undefined)).toBe(true);
    expect(trustsPeer(false, "127.0.0.1")).toBe(false);
  });

  it("matches addresses and CIDR ranges, IPv4 and IPv6, mapped IPv4 too", () => {
    const trust = list("192.0.2.10, 10.0.0.0/8 2001:db8::/32,::1");
    for (const yes of ["192.0.2.10", "10.255.1.2", "::ffff:10.0.0.1", "2001:db8:1::5", "::1"]) {
      expect(trustsPeer(trust, yes), yes).toBe(true);
    }
    for (const no of ["192.0.2.11", "11.0.0.1", "2001:db9::1", "::2", "not-an-ip"]) {
      expect(trustsPeer(trust, no), no).toBe(false);
    }
    expect(trustsPeer(trust, undefined)).toBe(false);
    expect(trust.entries).toEqual(["192.0.2.10", "10.0.0.0/8", "2001:db8::/32", "::1"]);
  });

  it("knows the words loopback and private", () => {
    const loopback = list("loopback");
    for (const yes of ["127.0.0.1", "127.9.9.9", "::1"]) expect(trustsPeer(loopback, yes), yes).toBe(true);
    expect(trustsPeer(loopback, "10.0.0.1")).toBe(false);
    const local = list("private");
    for (const yes of ["10.1.1.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "fd00::1", "fc12::1"]) {
      expect(trustsPeer(local, yes), yes).toBe(true);
    }
    for (const no of ["172.32.0.1", "192.169.0.1", "127.0.0.1", "fe80::1", "8.8.8.8"]) {
      expect(trustsPeer(local, no), no).toBe(false);
    }
  });

  it("refuses an entry that is neither an address, a range nor a word", () => {
    for (const bad of ["proxy.local", "10.0.0.0/33", "::/129", "10.0.0.0/8/1", "10.0.0.0/x", "1.2.3"]) {
      expect(() => parseProxyTrust(bad), bad).toThrow(/CIDR/);
    }
  });
});

describe("the client behind trusted proxies", () => {
  const trust = list("10.0.0.0/8");

  it("is the first address from the right that is not a trusted proxy", () => {
    expect(forwardedClient("198.51.100.1", trust)).toBe("198.51.100.1");
    expect(forwardedClient("6.6.6.6, 198.51.100.1, 10.0.0.5, 10.0.0.6", trust)).toBe("198.51.100.1");
    expect(forwardedClient("10.9.9.9, [2001:DB8::1]:443, 10.0.0.5:80", trust)).toBe("2001:db8::1");
  });

  it("with any peer trusted (1), is the last address: the client wrote the others", () => {
    expect(forwardedClient("6.6.6.6, 10.0.0.5", true)).toBe("10.0.0.5");
  });

  it("stops at the trusted hop next to a malformed entry, and is nothing for a malformed last one", () => {
    expect(forwardedClient("evil, 10.0.0.5", trust)).toBe("10.0.0.5");
    expect(forwardedClient("10.0.0.4, 10.0.0.5", trust)).toBe("10.0.0.4");
    expect(forwardedClient("1.2.3.4, evil", trust)).toBeUndefined();
    expect(forwardedClient("", trust)).toBeUndefined();
    expect(forwardedClient(undefined, trust)).toBeUndefined();
  });
});

describe("a forgotten TRUST_PROXY", () => {
  it("is logged once when a local peer sends X-Forwarded-For, and the header is still ignored", async () => {
    const warn = vi.fn();
    const app = new Hono();
    app.use(async (c, next) => {
      c.set("logger" as never, { warn } as never);
      await next();
    });
    app.get("/", (c) => c.text(String(trustsForwarded(c, false))));
    const from = (peer: string, headers: Record<string, string>) =>
      app.request("/", { headers }, { incoming: { socket: { remoteAddress: peer, remotePort: 1 } } });
    expect(await (await from("203.0.113.7", { "x-forwarded-for": "1.1.1.1" })).text()).toBe("false");
    expect(await (await from("127.0.0.1", {})).text()).toBe("false");
    expect(warn).not.toHaveBeenCalled();
    expect(await (await from("10.0.0.2", { "x-forwarded-for": "1.1.1.1" })).text()).toBe("false");
    expect(await (await from("127.0.0.1", { "x-forwarded-for": "1.1.1.1" })).text()).toBe("false");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/TRUST_PROXY/);
  });
});
