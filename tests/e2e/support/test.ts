import { randomBytes } from "node:crypto";
import { type BrowserContext, test as base, expect } from "@playwright/test";
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

/**
 * Signs a shopper into a browser context the way a sign-in does (server/api/sign-in.ts): the visitor's
 * data in that browser moves into the account, a session is started by the identity service, and the
 * session cookie and the signed-in hint land in the context.
 */
export async function signInContext(
  shop: ShopServer,
  context: BrowserContext,
  overrides: Partial<UserFields> = {},
  options: SignInOptions = {},
): Promise<SignedInShopper> {
  const { identity, visitorMerge } = shop.services;
  const user = options.userId
    ? await identity.userById(options.userId)
    : await identity.createUser(buildUser(overrides));
  if (!user) throw new Error(`signIn: no user ${options.userId}`);
  if (options.points) await grantPoints(shop.db, user.id, options.points);
  const url = new URL(shop.origin);
  const visitor = (await context.cookies(shop.origin)).find((c) => c.name === VISITOR_COOKIE);
  if (visitor) await visitorMerge.merge(visitor.value, user.id);
  const { token, expiresAt } = await identity.startSession(user.id, { userAgent: "Playwright" });
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const cookie = { domain: url.hostname, path: "/", expires, sameSite: "Lax" as const, secure: false };
  await context.addCookies([
    { ...cookie, name: SESSION_COOKIE, value: token, httpOnly: true },
    { ...cookie, name: SIGNED_IN_HINT_COOKIE, value: randomBytes(6).toString("base64url"), httpOnly: false },
  ]);
  return { userId: user.id, phone: user.phone!, name: user.name ?? "", token };
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
