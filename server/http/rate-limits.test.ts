import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createRateLimits, rateLimitKey, seconds } from "./rate-limits.ts";

describe("rateLimitKey", () => {
  it("counts an IPv4 client by its address and an IPv6 one by its /64 network", () => {
    expect(rateLimitKey("198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(rateLimitKey("2001:db8:0:1:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:1::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("seconds", () => {
  it("words a wait in Russian", () => {
    expect([1, 2, 5, 21, 44, 60].map(seconds)).toEqual([
      "1 секунду",
      "2 секунды",
      "5 секунд",
      "21 секунду",
      "44 секунды",
      "60 секунд",
    ]);
  });
});

describe("createRateLimits in memory", () => {
  it("lets a client use its budget, then refuses it for the block time; other clients and budgets are apart", async () => {
    const limits = createRateLimits(
      loadConfig({ RATE_LIMIT_SEARCH: "3/10", RATE_LIMIT_BLOCK_S: "60" }).rateLimits,
    );
    if (!limits) throw new Error("limits are on by default");
    for (let i = 0; i < 3; i++) expect(await limits.consume("search", "192.0.2.1")).toBeUndefined();
    const refused = await limits.consume("search", "192.0.2.1");
    expect(refused?.retryAfterS).toBeGreaterThan(50);
    expect(refused?.retryAfterS).toBeLessThanOrEqual(60);
    expect(await limits.consume("search", "192.0.2.2")).toBeUndefined();
    expect(await limits.consume("suggest", "192.0.2.1")).toBeUndefined();
  });

  it("is off with RATE_LIMITS=off", () => {
    expect(createRateLimits(loadConfig({ RATE_LIMITS: "off" }).rateLimits)).toBeUndefined();
  });
});
