import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { hashFlowId } from "#server/domain/bank-sign-in/service.ts";
import { createLogger } from "#server/logger.ts";
import { DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { TEST_ORIGIN, TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import { forgetDemoCustomers } from "#tests/fixtures/bank-sign-in-data.ts";
import { setFlowNonce, shopWithRealBank } from "#tests/fixtures/real-bank.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * A failed code exchange is logged (event bank_failed) without what oauth4webapi attaches to its errors
 * as `cause` (the expected nonce with the ID token's claims, the userinfo body with the customer's phone
 * and email): openid-client wraps them in a ClientError whose cause pino's serializer keeps as a stack
 * only. Every value of the round trip (state, nonce, PKCE challenge, code) stays out of the log.
 */
const petrov = DEMO_CUSTOMERS.find((c) => c.login === "petrov")!;

async function failedTrip(
  rewrite: NonNullable<Parameters<typeof shopWithRealBank>[0]>["rewrite"],
  tamper?: (flowIdHash: string) => Promise<void>,
) {
  const lines: string[] = [];
  const logger = createLogger("debug", { write: (line: string) => lines.push(line) });
  const { browser } = await shopWithRealBank({ logger, rewrite });
  const shopper = browser();
  const started = await shopper.request("/api/v1/auth/bank?redirectTo=%2Fbasket");
  const authorization = new URL(started.headers.get("location")!);
  await tamper?.(hashFlowId(shopper.cookie("bank_flow")!));
  const trip = await throughBank(shopper, authorization.href, petrov);
  const back = await shopper.request(trip.callbackUrl);
  const callback = new URL(trip.callbackUrl);
  const secrets = [
    authorization.searchParams.get("state")!,
    authorization.searchParams.get("nonce")!,
    authorization.searchParams.get("code_challenge")!,
    callback.searchParams.get("code")!,
  ];
  return { back, lines, log: lines.join("\n"), secrets };
}

beforeEach(async () => {
  const { database } = await getTestContext();
  await forgetDemoCustomers(database.db);
});

describe("the log of a failed bank sign-in", () => {
  it("keeps no nonce (expected or received) and no ID token claims when the nonce does not match", async () => {
    const { database } = await getTestContext();
    const forged = "forged-nonce-0123456789abcdefghijklmnopqrstuvw";
    const { back, lines, log, secrets } = await failedTrip(undefined, async (idHash) => {
      await setFlowNonce(database.db, idHash, forged);
    });
    expect(back.headers.get("location")).toBe("/auth?error=bank_failed&redirectTo=%2Fbasket");
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.event === "bank_failed");
    expect(failure?.err?.message).toMatch(/nonce/);
    for (const secret of [...secrets, forged, petrov.sub]) expect(log).not.toContain(secret);
  });

  it("keeps no userinfo body (phone, email, names) when the bank's userinfo names someone else", async () => {
    const { back, log, secrets } = await failedTrip((url, body) => {
      if (url.pathname === "/bank/me") body.sub = "someone-else";
    });
    expect(back.headers.get("location")).toBe("/auth?error=bank_failed&redirectTo=%2Fbasket");
    expect(log).toContain('"event":"bank_failed"');
    for (const value of [...secrets, petrov.phone, petrov.email, petrov.surname, "someone-else"]) {
      expect(log).not.toContain(value);
    }
  });
});

describe("the log of the sign-in journeys at LOG_LEVEL=debug", () => {
  it("has an event per sign-in, code request, import (started, received, discarded), sign-out and sign-out of other devices, and no secret", async () => {
    const { database } = await getTestContext();
    const lines: string[] = [];
    const logger = createLogger("debug", { write: (line: string) => lines.push(line) });
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "debug", FEATURE_ALFA_ID: "1" }),
      services: createServices(database.db, { bankSignIn: { logger }, phoneSignIn: { logger } }),
      logger,
      checks: {},
    });
    const secrets: string[] = [];
    const json = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": "10.1.2.3" },
      body: JSON.stringify(body),
    });
    const tripSecrets = (trip: { authorizationUrl: string; callbackUrl: string }) => {
      const asked = new URL(trip.authorizationUrl).searchParams;
      secrets.push(asked.get("state")!, asked.get("nonce")!, asked.get("code_challenge")!);
      secrets.push(new URL(trip.callbackUrl).searchParams.get("code")!);
    };

    // Through the bank, then an identity import in the same browser.
    const laptop = new TestBrowser(app);
    const trip = await throughBank(laptop, "/api/v1/auth/bank?redirectTo=%2Fbasket", petrov);
    secrets.push(laptop.cookie("bank_flow")!, laptop.cookie("bank_session")!);
    tripSecrets(trip);
    expect((await laptop.request(trip.callbackUrl)).headers.get("location")).toBe("/basket");
    secrets.push(laptop.cookie("sid")!);
    const asked = await laptop.request(
      "/api/user/external/profile",
      json({ redirectTo: "/personal/profile" }),
    );
    const importTrip = await throughBank(laptop, (await asked.json()).redirect_url, petrov);
    tripSecrets(importTrip);
    await laptop.request(importTrip.callbackUrl);
    expect(
      (
        await laptop.request("/api/v1/user/profile/import", {
          method: "DELETE",
          headers: { origin: TEST_ORIGIN },
        })
      ).status,
    ).toBe(204);

    // By SMS on a phone (a number of its own: another test's code for Petrov's would be in its cooldown),
    // then "sign out on other devices" there, then sign-out.
    const number = `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const phone = new TestBrowser(app);
    expect((await phone.request("/api/v1/auth/phone/code", json({ phone: number }))).status).toBe(202);
    const [sms] = await createServices(database.db).phoneCodes.outbox(number, 1);
    const code = /\d{6}/.exec(sms!.text)![0];
    const confirmed = await phone.request("/api/v1/auth/phone/confirm", json({ phone: number, code }));
    expect(confirmed.status).toBe(200);
    secrets.push(phone.cookie("sid")!);
    expect(
      (
        await phone.request("/api/v1/user/sessions/others", {
          method: "DELETE",
          headers: { origin: TEST_ORIGIN },
        })
      ).status,
    ).toBe(204);
    expect(
      (await phone.request("/api/v1/auth/sign-out", { method: "POST", headers: { origin: TEST_ORIGIN } }))
        .status,
    ).toBe(204);

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = entries.map((entry) => entry.event).filter(Boolean);
    for (const event of [
      "bank_sign_in_started",
      "sign_in",
      "profile_import_started",
      "profile_import_received",
      "profile_import_discarded",
      "otp_requested",
      "sign_out_others",
      "sign_out",
    ]) {
      expect(events, event).toContain(event);
    }
    expect(entries.filter((e) => e.event === "sign_in").map((e) => e.method)).toEqual(["bank", "phone"]);
    // The stand-in gateway's own line (event sms) is the SMS itself, printed on purpose (ADR 028): the
    // code and the full number are in it and nowhere else.
    const rest = lines.filter((line) => !line.includes('"event":"sms"')).join("\n");
    expect(lines.filter((line) => line.includes('"event":"sms"'))).toHaveLength(1);
    for (const secret of [...secrets, code, number, number.slice(1), petrov.phone]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(rest).not.toContain(secret);
    }
  });
});
