import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { clientAddress } from "./client-address.ts";
import { type ProxyTrust, parseProxyTrust } from "./proxy-trust.ts";

/** What a handler sees: the client address of a request from `socket` with `headers`. */
async function addressOf(options: { trustProxy: ProxyTrust; socket?: string; forwardedFor?: string }) {
  const app = new Hono();
  app.use(async (c, next) => {
    c.set("config" as never, { ...loadConfig({}), trustProxy: options.trustProxy } as never);
    await next();
  });
  app.get("/", (c) => c.text(clientAddress(c) ?? "none"));
  const env = options.socket
    ? { incoming: { socket: { remoteAddress: options.socket, remotePort: 50_000, remoteFamily: "IPv4" } } }
    : undefined;
  const headers: Record<string, string> = options.forwardedFor
    ? { "x-forwarded-for": options.forwardedFor }
    : {};
  return (await app.request("/", { headers }, env)).text();
}

describe("clientAddress", () => {
  it("is the socket's address, and ignores X-Forwarded-For unless a proxy is trusted", async () => {
    expect(await addressOf({ trustProxy: false, socket: "203.0.113.7" })).toBe("203.0.113.7");
    expect(await addressOf({ trustProxy: false, socket: "203.0.113.7", forwardedFor: "198.51.100.1" })).toBe(
      "203.0.113.7",
    );
  });

  it("behind a trusted proxy, is the address the proxy appended: the last one, never one the client wrote", async () => {
    expect(await addressOf({ trustProxy: true, socket: "10.0.0.2", forwardedFor: "198.51.100.1" })).toBe(
      "198.51.100.1",
    );
    expect(
      await addressOf({
        trustProxy: true,
        socket: "10.0.0.2",
        forwardedFor: "1.1.1.1, 6.6.6.6, 198.51.100.1",
      }),
    ).toBe("198.51.100.1");
    expect(await addressOf({ trustProxy: true, socket: "10.0.0.2", forwardedFor: "198.51.100.1:4711" })).toBe(
      "198.51.100.1",
    );
    expect(
      await addressOf({ trustProxy: true, socket: "10.0.0.2", forwardedFor: "[2001:DB8::1]:4711" }),
    ).toBe("2001:db8::1");
  });

  it("falls back to the socket when the forwarded address is missing or not an address", async () => {
    for (const forwardedFor of ["", "unknown", "1.2.3.4, evil", "<script>"]) {
      expect(await addressOf({ trustProxy: true, socket: "10.0.0.2", forwardedFor })).toBe("10.0.0.2");
    }
  });

  it("gives an IPv4 client mapped into IPv6 as IPv4, and nothing for a request without a socket", async () => {
    expect(await addressOf({ trustProxy: false, socket: "::ffff:192.0.2.9" })).toBe("192.0.2.9");
    expect(await addressOf({ trustProxy: false })).toBe("none");
  });

  it("with a list of proxies, believes X-Forwarded-For only from a peer on it, walking past the listed hops", async () => {
    const trustProxy = parseProxyTrust("10.0.0.0/8, 2001:db8:ff::/48");
    // A client reaching the app port directly picks nothing.
    expect(await addressOf({ trustProxy, socket: "203.0.113.7", forwardedFor: "198.51.100.1" })).toBe(
      "203.0.113.7",
    );
    expect(await addressOf({ trustProxy, socket: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.1" })).toBe(
      "198.51.100.1",
    );
    // Two proxies: the load balancer's own hop is skipped; what the client wrote is not reached.
    expect(
      await addressOf({ trustProxy, socket: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.1, 10.1.2.3" }),
    ).toBe("198.51.100.1");
    expect(
      await addressOf({
        trustProxy,
        socket: "::ffff:10.0.0.2",
        forwardedFor: "198.51.100.1, 2001:db8:ff::9",
      }),
    ).toBe("198.51.100.1");
    // No socket (an in-process call, a test's app.request): no peer to trust.
    expect(await addressOf({ trustProxy, forwardedFor: "198.51.100.1" })).toBe("none");
  });
});
