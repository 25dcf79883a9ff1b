import { createHash, randomInt } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { PageCachePolicy } from "#contract/page-cache.ts";
import type { SsrLoadContext } from "#contract/ssr.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { openRedis, type RedisHandle } from "#server/redis.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createRateLimits } from "./rate-limits.ts";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl)
  console.info("[rate limits] REDIS_URL is not set: the shared-budget checks on Redis are skipped.");

/** A client address of its own for each test, so runs and tests never share a count (in Redis either). */
const newClient = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

const redisHandles: RedisHandle[] = [];
afterAll(async () => {
  await Promise.all(redisHandles.map((r) => r.close()));
});

interface Options {
  env?: Record<string, string>;
  /** A Redis URL: the limits are kept there (with memory as insurance). */
  redis?: string;
  /** Stand-in render: what a page's loaders would do with the API. */
  ssr?: (request: Request, context: SsrLoadContext) => Promise<Response>;
  /** The pages' policy; shared unless said (a personal page is not counted). */
  pagePolicy?: PageCachePolicy;
}

async function instance(options: Options = {}) {
  const { database } = await getTestContext();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", CACHE_TTL_S: "0", ...options.env });
  const redis = options.redis ? openRedis(options.redis) : undefined;
  if (redis) redisHandles.push(redis);
  const app = createApp({
    config,
    services: createServices(database.db),
    logger: createLogger("silent"),
    checks: {},
    rateLimits: createRateLimits(config.rateLimits, redis?.client),
    ...(options.ssr ? { ssr: options.ssr } : {}),
    pagePolicy: () => ({ cache: options.pagePolicy ?? "shared", reads: () => true }),
  });
  /** A request over a socket from `client`, as @hono/node-server hands it to the app. */
  const from = (client: string, path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers }, { incoming: { socket: { remoteAddress: client, remoteFamily: "IPv4" } } });
  return { app, from };
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  const body = await res.json();
  expect(body).toEqual({
    status: 429,
    type: "rate_limited",
    code: "rate_limited",
    message: expect.stringMatching(/^Слишком много запросов\. Повторите через \d+ секунд[уы]?$/),
  });
  return retryAfter;
}

const SEARCH = `/api/v1/search?q=${encodeURIComponent("чайник")}`;
const SUGGEST = `/api/v1/search/suggest?q=${encodeURIComponent("чай")}`;

describe("per-client rate limits in memory", () => {
  it("refuses a client past its search budget with 429 and Retry-After; other clients and budgets go on", async () => {
    const { from } = await instance({ env: { RATE_LIMIT_SEARCH: "3/60", RATE_LIMIT_BLOCK_S: "30" } });
    const flooder = newClient();
    for (let i = 0; i < 3; i++) expect((await from(flooder, SEARCH)).status).toBe(200);
    const retryAfter = await expectLimited(await from(flooder, SEARCH));
    expect(retryAfter).toBeLessThanOrEqual(30);
    // Still refused while blocked, whatever it asks for within the budget.
    await expectLimited(await from(flooder, `/api/v1/search?q=${encodeURIComponent("ноутбук")}`));
    expect((await from(newClient(), SEARCH)).status).toBe(200);
    expect((await from(flooder, SUGGEST)).status).toBe(200);
    expect((await from(flooder, "/api/v1/products?limit=1")).status).toBe(200);
  });

  it("counts listings, facets and suggestions each in its own budget", async () => {
    const { from } = await instance({
      env: { RATE_LIMIT_LISTING: "2/60", RATE_LIMIT_FACETS: "2/60", RATE_LIMIT_SUGGEST: "2/60" },
    });
    for (const path of ["/api/v1/products?limit=1", "/api/v1/products/facets", SUGGEST]) {
      const client = newClient();
      for (let i = 0; i < 2; i++) expect((await from(client, path)).status, path).toBe(200);
      await expectLimited(await from(client, path));
    }
    // Cheap reads are not limited.
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await from(client, "/api/v1/categories")).status).toBe(200);
  });

  it("counts the delivery step's reads and the checkout's calls each in a budget of its own", async () => {
    const { app, from } = await instance({
      env: { RATE_LIMIT_DELIVERIES: "2/60", RATE_LIMIT_CHECKOUT: "2/60" },
    });
    const post = (client: string, path: string) =>
      app.request(
        path,
        { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
        { incoming: { socket: { remoteAddress: client, remoteFamily: "IPv4" } } },
      );
    const mapper = newClient();
    for (let i = 0; i < 2; i++) expect((await from(mapper, "/api/v1/deliveries/points")).status).toBe(200);
    await expectLimited(await from(mapper, "/api/v1/deliveries/points?kind=point"));
    // Another client's map still loads, and the same client may still search.
    expect((await from(newClient(), "/api/v1/deliveries/points")).status).toBe(200);
    expect((await from(mapper, SEARCH)).status).toBe(200);

    // Placement, payment and the return check share one budget, counted before anything else is spent
    // (here, before the sign-in is even looked at).
    const payer = newClient();
    // Refused for their own reasons (no session, no Origin, no body), but counted.
    expect((await post(payer, "/api/v1/orders/1/payments/check")).status).not.toBe(429);
    expect((await post(payer, "/api/v1/orders")).status).not.toBe(429);
    await expectLimited(await post(payer, "/api/v1/orders/1/payments"));
    // Reading one's orders is not counted in it.
    expect((await from(payer, "/api/v1/orders")).status).toBe(401);
  });

  it("charges a listing by its filter values: heavy filters spend the budget in a few calls", async () => {
    const { from } = await instance({ env: { RATE_LIMIT_LISTING: "6/60" } });
    // Ten brands: 1 + 10 / FILTER_VALUES_PER_POINT = 3 points a call.
    const brands = Array.from({ length: 10 }, (_, i) => `b${i}`);
    const heavy = `/api/v1/products?brand=${brands.slice(0, 6).join(",")}&brand=${brands.slice(6).join(",")}`;
    const client = newClient();
    expect((await from(client, heavy)).status).toBe(200);
    expect((await from(client, heavy)).status).toBe(200);
    await expectLimited(await from(client, heavy));
    // A shopper's plain listing costs one point.
    const shopper = newClient();
    for (let i = 0; i < 6; i++)
      expect((await from(shopper, `/api/v1/products?limit=${i + 1}`)).status).toBe(200);
    await expectLimited(await from(shopper, "/api/v1/products?limit=7"));
  });

  it("counts a page render once against its client, not the API calls its loaders make in-process", async () => {
    let renders = 0;
    const { from } = await instance({
      env: { RATE_LIMIT_PAGES: "2/60", RATE_LIMIT_SEARCH: "1/60", RATE_LIMIT_LISTING: "1/60" },
      ssr: async (_request, context) => {
        renders++;
        // More calls than the client's own search and listing budgets allow.
        const statuses = [];
        for (const path of [SEARCH, SEARCH, "/api/v1/products?limit=1", "/api/v1/products?limit=2"]) {
          statuses.push((await context.apiFetch(path)).status);
        }
        return new Response(`<p>${statuses.join(",")}</p>`, { headers: { "Content-Type": "text/html" } });
      },
    });
    const shopper = newClient();
    for (let i = 0; i < 2; i++) {
      const page = await from(shopper, "/search/чайник");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("200,200,200,200");
    }
    const refused = await from(shopper, "/search/чайник");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const html = await refused.text();
    expect(html).toMatch(/Слишком много запросов[\s\S]*Подождите \d+ секунд/);
    // Its one style element is what its own policy allows, and nothing else may load.
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(refused.headers.get("content-security-policy")).toContain(
      `default-src 'none'; style-src 'sha256-${hash}'`,
    );
    // Refused before rendering: a flood of pages buys no renders.
    expect(renders).toBe(2);
    // The shopper's own API budget was untouched by the renders.
    expect((await from(shopper, SEARCH)).status).toBe(200);
  });

  it("does not count renders of personal pages: they are one shopper's own", async () => {
    const ssr = async () => new Response("<p>ok</p>", { headers: { "Content-Type": "text/html" } });
    const { from } = await instance({ env: { RATE_LIMIT_PAGES: "1/60" }, ssr, pagePolicy: "personal" });
    const shopper = newClient();
    for (let i = 0; i < 3; i++) expect((await from(shopper, "/cart")).status).toBe(200);
  });

  it("does not count a shell's renders for one shopper: without a session, or a data request (ADR 072, 074)", async () => {
    const ssr = async () => new Response("<p>ok</p>", { headers: { "Content-Type": "text/html" } });
    const { from } = await instance({ env: { RATE_LIMIT_PAGES: "1/60" }, ssr, pagePolicy: "shell" });
    const shopper = newClient();
    for (let i = 0; i < 3; i++) expect((await from(shopper, "/basket")).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await from(shopper, "/basket.data")).status).toBe(200);
  });

  it("charges a search page the words of its q, as the API would its search", async () => {
    const ssr = async () => new Response("<p>ok</p>", { headers: { "Content-Type": "text/html" } });
    const { from } = await instance({ env: { RATE_LIMIT_PAGES: "8/60" }, ssr });
    const words = encodeURIComponent("один два три четыре пять шесть семь восемь");
    const client = newClient();
    expect((await from(client, `/search/?q=${words}`)).status).toBe(200);
    expect((await from(client, `/search/?q=${words}`)).status).toBe(429);
    const shopper = newClient();
    for (let i = 0; i < 8; i++) expect((await from(shopper, "/search/?q=чайник")).status).toBe(200);
  });

  it("refuses suggestions past the budget only till the window ends, and blocks a client far past it", async () => {
    const { from } = await instance({ env: { RATE_LIMIT_SUGGEST: "2/20", RATE_LIMIT_BLOCK_S: "600" } });
    const client = newClient();
    for (let i = 0; i < 2; i++) expect((await from(client, SUGGEST)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(await expectLimited(await from(client, SUGGEST))).toBeLessThanOrEqual(20);
    // The seventh call in the window is over three times the budget: no shopper types like that.
    expect(await expectLimited(await from(client, SUGGEST))).toBe(600);
    expect(await expectLimited(await from(client, SUGGEST))).toBeGreaterThan(20);
  });

  it("tells clients behind a trusted proxy apart by X-Forwarded-For, and ignores the header otherwise", async () => {
    const env = { RATE_LIMIT_SEARCH: "1/60" };
    const proxy = newClient();
    const trusted = await instance({ env: { ...env, TRUST_PROXY: "1" } });
    expect((await trusted.from(proxy, SEARCH, { "x-forwarded-for": newClient() })).status).toBe(200);
    expect((await trusted.from(proxy, SEARCH, { "x-forwarded-for": newClient() })).status).toBe(200);
    const one = newClient();
    expect((await trusted.from(proxy, SEARCH, { "x-forwarded-for": one })).status).toBe(200);
    // A client cannot get a fresh budget by writing addresses of its own before the proxy's.
    await expectLimited(await trusted.from(proxy, SEARCH, { "x-forwarded-for": `${newClient()}, ${one}` }));

    const direct = await instance({ env });
    const client = newClient();
    expect((await direct.from(client, SEARCH, { "x-forwarded-for": newClient() })).status).toBe(200);
    await expectLimited(await direct.from(client, SEARCH, { "x-forwarded-for": newClient() }));
  });

  it("does not count requests that came over no socket, and is off with RATE_LIMITS=off", async () => {
    const { app } = await instance({ env: { RATE_LIMIT_SEARCH: "1/60" } });
    for (let i = 0; i < 3; i++) expect((await app.request(SEARCH)).status).toBe(200);
    const off = await instance({ env: { RATE_LIMITS: "off", RATE_LIMIT_SEARCH: "1/60" } });
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await off.from(client, SEARCH)).status).toBe(200);
  });

  it("keeps counting in memory when Redis cannot be reached, without waiting for it", async () => {
    const { from } = await instance({ env: { RATE_LIMIT_SEARCH: "2/60" }, redis: "redis://127.0.0.1:1" });
    const client = newClient();
    const started = performance.now();
    for (let i = 0; i < 2; i++) expect((await from(client, SEARCH)).status).toBe(200);
    await expectLimited(await from(client, SEARCH));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

// With REDIS_URL set (CI), these must pass: an unreachable Redis fails the run rather than skipping.
describe.runIf(redisUrl)("per-client rate limits on Redis", () => {
  it("makes two instances draw on one budget per client", async () => {
    const env = { RATE_LIMIT_SEARCH: "4/60", RATE_LIMIT_BLOCK_S: "30" };
    const a = await instance({ env, redis: redisUrl });
    const b = await instance({ env, redis: redisUrl });
    // Until its connection is ready an instance counts in memory (its insurance): wait for both.
    await Promise.all(redisHandles.slice(-2).map((r) => r.client.ping()));
    const client = newClient();
    for (const node of [a, b, a, b]) expect((await node.from(client, SEARCH)).status).toBe(200);
    await expectLimited(await a.from(client, SEARCH));
    await expectLimited(await b.from(client, SEARCH));
    // Another client, on either instance, has its whole budget.
    expect((await b.from(newClient(), SEARCH)).status).toBe(200);
    const redis = redisHandles.at(-1)?.client;
    expect(await redis?.exists(`vitrina:rl:search:${client}`)).toBe(1);
  });

  it("blocks a client far past its suggestions budget on every instance, and refuses a shopper only till the window ends", async () => {
    const env = { RATE_LIMIT_SUGGEST: "2/20", RATE_LIMIT_BLOCK_S: "600" };
    const a = await instance({ env, redis: redisUrl });
    const b = await instance({ env, redis: redisUrl });
    await Promise.all(redisHandles.slice(-2).map((r) => r.client.ping()));
    const client = newClient();
    for (const node of [a, b]) expect((await node.from(client, SUGGEST)).status).toBe(200);
    for (const node of [a, b, a, b]) {
      expect(await expectLimited(await node.from(client, SUGGEST))).toBeLessThanOrEqual(20);
    }
    expect(await expectLimited(await a.from(client, SUGGEST))).toBe(600);
    expect(await expectLimited(await b.from(client, SUGGEST))).toBeGreaterThan(20);
  });
});
