import { describe, expect, it } from "vitest";
import { BANK_ERROR_MESSAGES, IMPORT_ERROR_MESSAGES } from "#contract/bank-sign-in.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { FLOW_LIMIT } from "#server/domain/bank-sign-in/service.ts";
import { createLogger } from "#server/logger.ts";
import { AUTHORIZATION_ATTEMPTS } from "#server/stand-ins/bank/stand-in.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { TEST_ORIGIN } from "#tests/fixtures/bank-browser.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * Every start of a bank round trip (sign-in, identity import) stores a flow row for 10 minutes: one client
 * address gets FLOW_LIMIT of them in 10 minutes, so a script cannot fill auth_flows. Addresses come from
 * X-Forwarded-For here (TRUST_PROXY=1), as behind a proxy.
 */
async function limitedApp() {
  const { database } = await getTestContext();
  const logger = createLogger("silent");
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "1", FEATURE_ALFA_ID: "1" }),
    services: createServices(database.db, { bankSignIn: { logger } }),
    logger,
    checks: {},
  });
  return { app, database };
}

const start = (app: Awaited<ReturnType<typeof limitedApp>>["app"], address: string) =>
  app.request(`${TEST_ORIGIN}/api/v1/auth/bank?redirectTo=%2Fbasket`, {
    headers: { "x-forwarded-for": address },
  });

const startedFlow = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => /^bank_flow=[^;]+;/.test(cookie));

describe("new bank round trips per client address", () => {
  it(`opens ${FLOW_LIMIT.points} in 10 minutes, then sends the shopper back to /auth with a Russian reason`, async () => {
    const { app } = await limitedApp();
    const answers = await Promise.all(
      Array.from({ length: FLOW_LIMIT.points }, () => start(app, "203.0.113.7")),
    );
    expect(answers.every((a) => a.status === 302 && startedFlow(a))).toBe(true);
    expect(new Set(answers.map((a) => new URL(a.headers.get("location")!).pathname))).toEqual(
      new Set(["/bank/auth"]),
    );

    const refused = await start(app, "203.0.113.7");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/auth?error=bank_rate_limited&redirectTo=%2Fbasket");
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(startedFlow(refused)).toBe(false);
    expect(BANK_ERROR_MESSAGES.bank_rate_limited).toMatch(/Слишком много попыток/);

    // Another address is not held back; an IPv6 client counts by its /64.
    expect(startedFlow(await start(app, "198.51.100.1"))).toBe(true);
    for (let i = 0; i < FLOW_LIMIT.points; i++) await start(app, `2001:db8:1:2::${i.toString(16)}`);
    expect(startedFlow(await start(app, "2001:db8:1:2:ffff::1"))).toBe(false);
    expect(startedFlow(await start(app, "2001:db8:1:3::1"))).toBe(true);
  });

  it("counts identity imports too: past the limit the import link is a 429 with Retry-After", async () => {
    const { app, database } = await limitedApp();
    const { cookie } = await createSession(database.db);
    const ask = () =>
      app.request(`${TEST_ORIGIN}/api/user/external/profile`, {
        method: "POST",
        headers: {
          cookie,
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          "x-forwarded-for": "192.0.2.44",
        },
        body: JSON.stringify({ redirectTo: "/personal/profile" }),
      });
    for (let i = 0; i < FLOW_LIMIT.points; i++) await start(app, "192.0.2.44");
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: "rate_limited",
      message: IMPORT_ERROR_MESSAGES.bank_rate_limited,
    });
    expect(startedFlow(refused)).toBe(false);
  });
});

describe("the bank stand-in's sign-in screens per client address", () => {
  it(`opens ${AUTHORIZATION_ATTEMPTS.points} in 10 minutes, then a 429 page of its own, storing nothing`, async () => {
    const { app } = await limitedApp();
    const authorize = (address: string) =>
      app.request(`${TEST_ORIGIN}/bank/auth?client_id=vitrina&response_type=code&scope=openid`, {
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < AUTHORIZATION_ATTEMPTS.points; i++) {
      expect((await authorize("203.0.113.99")).status).not.toBe(429);
    }
    const refused = await authorize("203.0.113.99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(await refused.text()).toContain("Слишком много попыток входа");
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await authorize("203.0.113.100")).status).not.toBe(429);
  });
});
