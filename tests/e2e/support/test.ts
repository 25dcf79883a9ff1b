import { randomBytes } from "node:crypto";
import { type APIRequestContext, type BrowserContext, test as base, expect } from "@playwright/test";
import { SIGNED_IN_HINT_COOKIE } from "#contract/session-hint.ts";
import { buildUser, type UserFields } from "#tests/factories/build-user.ts";
import { grantPoints } from "#tests/factories/points.ts";
import { type ShopServer, startShopServer, type Theme } from "./shop-server.ts";

export interface SignedInShopper {
  userId: number;
  phone: string;
  name: string;
  /** The session cookie's value, for a request made outside the browser. */
  token: string;
}

export interface SignInOptions {
  /** Available points the shopper starts with (a welcome accrual on the ledger). */
  points?: number;
  /** Another session for a shopper made before (a second device), instead of a new shopper. */
  userId?: number;
}

/** The session cookie on plain http (server/api/session-cookie.ts); `__Host-sid` only on https. */
const SESSION_COOKIE = "sid";
const VISITOR_COOKIE = "vid";

/** A cookie as both a browser context and a request context's storage state take it. */
interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
}

/**
 * Signs a shopper in the way a sign-in does (server/api/sign-in.ts): the visitor's data of the browser
 * holding `visitorId` moves into the account, and a session is started by the identity service. Returns the
 * shopper and the cookies a browser would then hold: the session and the signed-in hint.
 */
async function signInCookies(
  shop: ShopServer,
  overrides: Partial<UserFields>,
  options: SignInOptions,
  visitorId: string | undefined,
): Promise<{ shopper: SignedInShopper; cookies: Cookie[] }> {
  const { identity, visitorMerge } = shop.services;
  const user = options.userId
    ? await identity.userById(options.userId)
    : await identity.createUser(buildUser(overrides));
  if (!user) throw new Error(`signIn: no user ${options.userId}`);
  if (options.points) await grantPoints(shop.db, user.id, options.points);
  if (visitorId) await visitorMerge.merge(visitorId, user.id);
  const { token, expiresAt } = await identity.startSession(user.id, { userAgent: "Playwright" });
  const cookie = {
    domain: new URL(shop.origin).hostname,
    path: "/",
    expires: Math.floor(expiresAt.getTime() / 1000),
    sameSite: "Lax" as const,
    secure: false,
  };
  return {
    shopper: { userId: user.id, phone: user.phone!, name: user.name ?? "", token },
    cookies: [
      { ...cookie, name: SESSION_COOKIE, value: token, httpOnly: true },
      {
        ...cookie,
        name: SIGNED_IN_HINT_COOKIE,
        value: randomBytes(6).toString("base64url"),
        httpOnly: false,
      },
    ],
  };
}

/** Signs a shopper into a browser context: its visitor's data moves into the account, its cookies get the session. */
export async function signInContext(
  shop: ShopServer,
  context: BrowserContext,
  overrides: Partial<UserFields> = {},
  options: SignInOptions = {},
): Promise<SignedInShopper> {
  const visitor = (await context.cookies(shop.origin)).find((c) => c.name === VISITOR_COOKIE);
  const { shopper, cookies } = await signInCookies(shop, overrides, options, visitor?.value);
  await context.addCookies(cookies);
  return shopper;
}

/**
 * The base of every browser test (docs/testing.md): the worker's own server (the production build over a
 * database of its own, shop-server.ts) as `shop` and `baseURL`. Browser journeys use fixtures.ts, which adds
 * the page checks and `signIn`; request-only specs use this directly and start no browser.
 */
export const test = base.extend<
  {
    /**
     * Makes this test a client of its own for the per-address limits no switch turns off (SMS codes per
     * address, bank sign-in starts): its requests carry an address of their own in X-Forwarded-For, which
     * the test servers trust from loopback. For tests that spend those budgets; off by default.
     */
    ownClientAddress: boolean;
    /**
     * A request context (no browser) of a signed-in shopper, disposed after the test: for what the server
     * answers a shopper, where nothing needs drawing.
     */
    signedInRequest: (
      overrides?: Partial<UserFields>,
      options?: SignInOptions,
    ) => Promise<{ request: APIRequestContext; shopper: SignedInShopper }>;
  },
  { shop: ShopServer }
>({
  shop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const theme: Theme = workerInfo.project.metadata?.theme === "halva" ? "halva" : "alfa";
      const shop = await startShopServer({ theme });
      await use(shop);
      await shop.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.origin);
  },
  ownClientAddress: [false, { option: true }],
  signedInRequest: async ({ shop, playwright, extraHTTPHeaders }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async (overrides = {}, options = {}) => {
      const { shopper, cookies } = await signInCookies(shop, overrides, options, undefined);
      const request = await playwright.request.newContext({
        baseURL: shop.origin,
        extraHTTPHeaders,
        storageState: { cookies, origins: [] },
      });
      opened.push(request);
      return { request, shopper };
    });
    for (const request of opened) await request.dispose();
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, ownClientAddress }, use) => {
    if (!ownClientAddress) return use(extraHTTPHeaders);
    const address = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    await use({ "x-forwarded-for": address, ...extraHTTPHeaders });
  },
});

export { expect };

/** The newest SMS texts the stand-in gateway sent to a phone, newest first. */
export async function smsTo(shop: ShopServer, phone: string): Promise<string[]> {
  return (await shop.services.phoneCodes.outbox(phone)).map((message) => message.text);
}

/** The code in the newest SMS to a phone (the stand-in gateway writes it before the page moves on). */
export async function smsCode(shop: ShopServer, phone: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await smsTo(shop, phone))[0] ?? "")?.[1];
  expect(code, `a code in the newest SMS to ${phone}`).toBeTruthy();
  return code!;
}
