import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices, type Services } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import type { AppEnv } from "#server/http/env.ts";
import { createLogger } from "#server/logger.ts";
import { createBasket } from "#tests/factories/baskets.ts";
import { createUser } from "#tests/factories/users.ts";
import { freshPhone, signInByPhone } from "#tests/fixtures/phone-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { basketOf, productsByStock, wishlistRowCount } from "#tests/fixtures/wishlist-data.ts";
import { signInAs } from "./sign-in.ts";

const origin = "http://localhost";

type App = { request: (url: string, init?: RequestInit) => Response | Promise<Response> };

/** As an anonymous shopper: a heart, a product view and a search, under a new visitor cookie. */
async function browseAnonymously(app: App, productId: number) {
  const hearted = await app.request(`${origin}/api/v1/wishlist`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ productId }),
  });
  expect(hearted.status).toBe(200);
  const vid = /vid=[^;]+/.exec(hearted.headers.get("set-cookie") ?? "")![0];
  const headers = { cookie: vid, origin };
  expect(
    (await app.request(`${origin}/api/v1/viewed/${productId}`, { method: "POST", headers })).status,
  ).toBe(204);
  const searched = await app.request(`${origin}/api/v1/search/recent`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ query: "электрический чайник" }),
  });
  expect(searched.status).toBe(200);
  return vid;
}

/** What the API shows to the cookie: wishlist ids, viewed ids and recent queries. */
async function shownTo(app: App, cookie: string) {
  const get = async (path: string) =>
    (await app.request(`${origin}/api/v1${path}`, { headers: { cookie } })).json();
  const [wishlist, viewed, recent] = await Promise.all([
    get("/wishlist/ids"),
    get("/viewed"),
    get("/search/recent"),
  ]);
  return {
    wishlist: (wishlist as { productIds: number[] }).productIds,
    viewed: (viewed as { items: { id: number }[] }).items.map((p) => p.id),
    searches: (recent as { items: { query: string }[] }).items.map((r) => r.query),
  };
}

const sessionCookieOf = (res: Response) => /sid=[^;]+/.exec(res.headers.get("set-cookie") ?? "")![0];

describe("sign-in merges the visitor's data into the account", () => {
  it("by phone: hearts, views and searches made before sign-in are the account's after it", async () => {
    const { database } = await getTestContext();
    const services = createServices(database.db);
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "1" }),
      services,
      logger: createLogger("silent"),
      checks: {},
    });
    const [productId] = (await productsByStock(database.db, 1)).inStock;
    const vid = await browseAnonymously(app, productId!);

    const confirmed = await signInByPhone(app, services.phoneCodes, freshPhone(), vid, origin);
    expect(confirmed.status).toBe(200);
    // The visitor cookie is neither replaced nor cleared: the browser keeps it for anonymous use.
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith("vid="))).toBe(false);

    const signedIn = `${vid}; ${sessionCookieOf(confirmed)}`;
    expect(await shownTo(app, signedIn)).toEqual({
      wishlist: [productId],
      viewed: [productId],
      searches: ["электрический чайник"],
    });
    // The anonymous visitor's own lists are empty now: nothing is shown twice, nothing merges twice.
    expect(await shownTo(app, vid)).toEqual({ wishlist: [], viewed: [], searches: [] });
  });
});

/** signInAs behind a bare route, with the real services and a log the test reads. */
async function signInHarness(overrides: Partial<Services> = {}) {
  const { database } = await getTestContext();
  const services = { ...createServices(database.db), ...overrides } as Services;
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => lines.push(line) });
  const user = await createUser(database.db);
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("services", services);
      c.set("logger", logger);
      await next();
    })
    .post("/sign-in", async (c) => {
      await signInAs(c, user.id, "phone");
      return c.body(null, 204);
    });
  const signIn = (cookie: string) =>
    app.request(`${origin}/sign-in`, { method: "POST", headers: { cookie } });
  const events = (name: string) =>
    lines
      .map((line) => JSON.parse(line) as { event?: string; merged?: Record<string, number> })
      .filter((e) => e.event === name);
  return { db: database.db, user, signIn, events };
}

describe("a retried or concurrent sign-in merges once", () => {
  it("ten sign-ins of one browser at once add the visitor's basket and hearts once", async () => {
    const { db, user, signIn, events } = await signInHarness();
    const visitorId = randomBytes(16).toString("base64url");
    const [p, q] = (await productsByStock(db, 2, 10)).inStock as [number, number];
    await createBasket(db, { userId: user.id }, [{ productId: p, quantity: 1 }]);
    await createBasket(db, { visitorId }, [
      { productId: p, quantity: 1 },
      { productId: q, quantity: 1 },
    ]);
    const services = createServices(db);
    const visitor = { kind: "visitor" as const, visitorId };
    await services.wishlist.add(visitor, p);

    const responses = await Promise.all(Array.from({ length: 10 }, () => signIn(`vid=${visitorId}`)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(204));

    expect(await wishlistRowCount(db, user.id, p)).toBe(1);
    expect((await basketOf(db, { userId: user.id }))!.lines).toEqual(
      [
        { productId: p, quantity: 2, selected: true },
        { productId: q, quantity: 1, selected: true },
      ].sort((x, y) => x.productId - y.productId),
    );
    const merged = events("visitor_merged").map((e) => e.merged!);
    expect(merged).toHaveLength(10);
    expect(merged.filter((m) => (m.basketLines ?? 0) > 0 || (m.wishlist ?? 0) > 0)).toHaveLength(1);
    expect(events("sign_in")).toHaveLength(10);
  });

  it("a merge that fails is logged and the shopper is signed in all the same", async () => {
    const { signIn, events } = await signInHarness({
      visitorMerge: {
        merge: async () => {
          throw new Error("database hiccup");
        },
      },
    });
    const response = await signIn(`vid=${randomBytes(16).toString("base64url")}`);
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^sid=/);
    expect(events("visitor_merge_failed")).toHaveLength(1);
    expect(events("sign_in")).toHaveLength(1);
  });
});
