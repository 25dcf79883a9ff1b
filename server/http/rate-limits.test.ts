import { describe, expect, it } from "vitest";
import { MAX_FILTER_VALUES_TOTAL } from "#contract/catalog.ts";
import { loadConfig, type RateBucket } from "#server/config.ts";
import { Hono } from "hono";
import {
  createRateLimits,
  FILTER_VALUES_PER_POINT,
  rateLimitKey,
  requestCost,
  seconds,
} from "./rate-limits.ts";

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

  it("groups a long wait as the shop writes every number (ADR 046)", () => {
    expect(seconds(2_520)).toBe("2\u00a0520 секунд");
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

describe("requestCost", () => {
  const cost = async (query: string, bucket: RateBucket = "listing") => {
    const app = new Hono().get("/", (c) => c.text(String(requestCost(c, bucket))));
    return Number(await (await app.request(`/?${query}`)).text());
  };

  it("is a point, plus one per FILTER_VALUES_PER_POINT list filter values, repeated or comma-separated", async () => {
    expect(FILTER_VALUES_PER_POINT).toBe(5);
    expect(await cost("categoryId=5&sort=price_asc&page=3&priceMax=100")).toBe(1);
    expect(await cost("brand=a,b&p.color=red")).toBe(1);
    expect(await cost("brand=a,b,c&seller=x&p.color=red,blue")).toBe(2);
    expect(await cost("p.size=1,2,3,4,5&p.size=6,7,8,9,10")).toBe(3);
    const heavy = Array.from({ length: 6 }, (_, i) => `p.c${i}=${"v,".repeat(15).slice(0, -1)}`).join("&");
    expect(await cost(heavy)).toBe(1 + (6 * 15) / 5);
    expect(await cost(heavy, "pages")).toBe(1 + (6 * 15) / 5);
  });

  it("stops at the dearest valid call, so a call past the input bounds still reaches its 400", async () => {
    const over = Array.from({ length: 6 }, (_, i) => `p.c${i}=${"v,".repeat(100).slice(0, -1)}`).join("&");
    expect(await cost(over)).toBe(1 + MAX_FILTER_VALUES_TOTAL / FILTER_VALUES_PER_POINT);
  });

  it("charges a search by its words and a suggestion a point", async () => {
    expect(await cost("q=iphone", "search")).toBe(1);
    expect(await cost("q=%20", "search")).toBe(1);
    expect(await cost("q=iphone%2015%20pro&page=3", "search")).toBe(3);
    expect(await cost(`q=${"a%20".repeat(30)}`, "search")).toBe(8);
    expect(await cost("q=iphone%2015%20pro&brand=a,b,c,d,e,f", "suggest")).toBe(1);
  });
});
