import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import type { BankCustomer } from "#server/stand-ins/bank/customers.ts";
import { DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { createUser } from "#tests/factories/users.ts";
import { TEST_ORIGIN, TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import { forgetDemoCustomers } from "#tests/fixtures/bank-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const customer = (login: string): BankCustomer => DEMO_CUSTOMERS.find((c) => c.login === login)!;
const smirnova = customer("smirnova");
const petrov = customer("petrov");

/** The app with the alfaId feature on (or off), over the worker's database. */
async function importApp(alfaId = true) {
  const { database } = await getTestContext();
  const logger = createLogger("silent");
  const services = createServices(database.db, { bankSignIn: { logger } });
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", FEATURE_ALFA_ID: alfaId ? "1" : "0" }),
    services,
    logger,
    checks: {},
  });
  return { app, database, services };
}

/** A shopper signed in by phone, in a browser of their own. */
async function shopper(app: ReturnType<typeof createApp>, fields: Parameters<typeof createUser>[1] = {}) {
  const { database } = await getTestContext();
  const user = await createUser(database.db, {
    surname: null,
    name: null,
    patronymic: null,
    email: null,
    ...fields,
  });
  const browser = new TestBrowser(app);
  const { token } = await createSession(database.db, { userId: user.id });
  browser.cookies.set("sid|/", { name: "sid", value: token, path: "/" });
  return { user, browser };
}

/** The shopper's pending import as the API answers it (null when there is none). */
async function pendingOf(browser: TestBrowser) {
  const response = await browser.request("/api/v1/user/profile/import");
  expect(response.status).toBe(200);
  return (await response.json()).pending as { fields: { field: string; status: string }[] } | null;
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: TEST_ORIGIN },
  body: JSON.stringify(body),
});

/** Asks for the import link, goes through the bank's consent and back: the callback's answer. */
async function importThroughBank(
  browser: TestBrowser,
  who: BankCustomer,
  redirectTo = "/personal/profile",
  consent: "allow" | "deny" = "allow",
) {
  const asked = await browser.request("/api/user/external/profile", json({ redirectTo }));
  expect(asked.status).toBe(200);
  const { redirect_url } = await asked.json();
  const trip = await throughBank(browser, redirect_url, who, { consent });
  return { redirect_url: redirect_url as string, trip, back: await browser.request(trip.callbackUrl) };
}

beforeEach(async () => {
  const { database } = await getTestContext();
  await forgetDemoCustomers(database.db);
});

describe("identity import (alfaId): POST /api/user/external/profile → bank consent → offer → apply", () => {
  it("imports the bank's data for the profile, field by field, with the agreement ticked", async () => {
    const { app } = await importApp();
    const { browser } = await shopper(app, { phone: "+79990000101", name: "Катя" });

    const { redirect_url, trip, back } = await importThroughBank(browser, smirnova);
    const bank = new URL(redirect_url);
    expect(bank.pathname).toBe("/bank/auth");
    expect(bank.searchParams.get("prompt")).toBe("consent");
    expect(bank.searchParams.get("scope")).toBe("openid profile email phone");
    expect(trip.consentPage).toContain("Передать данные магазину?");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/personal/profile?profileImport=1");

    const offer = await browser.request("/api/v1/user/profile/import");
    expect(offer.status).toBe(200);
    expect(offer.headers.get("cache-control")).toBe("private, no-store");
    const { fields } = (await offer.json()).pending;
    expect(fields).toEqual([
      expect.objectContaining({ field: "surname", value: "Смирнова-Орлова", current: null, status: "new" }),
      expect.objectContaining({ field: "name", value: "Екатерина", current: "Катя", status: "new" }),
      expect.objectContaining({ field: "patronymic", value: "Игоревна", status: "new" }),
      expect.objectContaining({
        field: "phone",
        value: smirnova.phone,
        display: "+7 (926) 987-65-43",
        current: "+79990000101",
        status: "new",
      }),
      expect.objectContaining({ field: "email", value: smirnova.email, status: "new" }),
    ]);

    // The agreement checkbox is required, with the spec's message.
    const unticked = await browser.request(
      "/api/v1/user/profile/import/apply",
      json({ fields: ["surname"], consent: false }),
    );
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).fields).toEqual([
      { field: "body.consent", message: "Поле обязательно к заполнению" },
    ]);

    // Surname, patronymic and email accepted; her own «Катя» and her phone kept.
    const applied = await browser.request(
      "/api/v1/user/profile/import/apply",
      json({ fields: ["surname", "patronymic", "email"], consent: true }),
    );
    expect(applied.status).toBe(204);
    const me = await (await browser.request("/api/v1/user/me")).json();
    expect(me).toMatchObject({
      surname: "Смирнова-Орлова",
      name: "Катя",
      patronymic: "Игоревна",
      email: smirnova.email,
      phone: "+79990000101",
    });
    // Applied once: the data is gone.
    expect(await pendingOf(browser)).toBeNull();
  });

  it("takes the bank's phone when no other account has it, and never another account's", async () => {
    const { app, database } = await importApp();
    const { browser, user } = await shopper(app, { phone: "+79990000102" });
    await importThroughBank(browser, petrov);
    const applied = await browser.request(
      "/api/v1/user/profile/import/apply",
      json({ fields: ["phone"], consent: true }),
    );
    expect(applied.status).toBe(204);
    expect((await (await browser.request("/api/v1/user/me")).json()).phone).toBe(petrov.phone);

    // Now Petrov's phone belongs to that account: someone else's import cannot carry it over.
    const second = await shopper(app, { phone: "+79990000103" });
    await importThroughBank(second.browser, petrov);
    const { fields } = (await pendingOf(second.browser))!;
    expect(fields.find((f: { field: string }) => f.field === "phone")).toMatchObject({
      status: "taken",
      message: "Этот номер привязан к другой учётной записи Витрины, поэтому его нельзя перенести",
    });
    const refused = await second.browser.request(
      "/api/v1/user/profile/import/apply",
      json({ fields: ["phone", "surname"], consent: true }),
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("phone_in_use");
    const unchanged = await (await second.browser.request("/api/v1/user/me")).json();
    expect(unchanged).toMatchObject({ phone: "+79990000103", surname: null });
    void user;
    void database;
  });

  it("keeps an import to its owner: another shopper sees, applies and discards nothing of it", async () => {
    const { app } = await importApp();
    const owner = await shopper(app, { phone: "+79990000104" });
    await importThroughBank(owner.browser, smirnova);
    const other = await shopper(app, { phone: "+79990000105" });
    expect(await pendingOf(other.browser)).toBeNull();
    expect(
      (
        await other.browser.request(
          "/api/v1/user/profile/import/apply",
          json({ fields: ["surname"], consent: true }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await other.browser.request("/api/v1/user/profile/import", {
          method: "DELETE",
          headers: { origin: TEST_ORIGIN },
        })
      ).status,
    ).toBe(404);
    expect((await pendingOf(owner.browser))?.fields.length).toBe(5);
    // The owner may discard it.
    const discarded = await owner.browser.request("/api/v1/user/profile/import", {
      method: "DELETE",
      headers: { origin: TEST_ORIGIN },
    });
    expect(discarded.status).toBe(204);
    expect(await pendingOf(owner.browser)).toBeNull();
  });

  it("lands back on the page with the reason when the customer refuses, and keeps nothing", async () => {
    const { app } = await importApp();
    const { browser } = await shopper(app, { phone: "+79990000106" });
    const { back } = await importThroughBank(browser, smirnova, "/basket?from=modal", "deny");
    expect(back.headers.get("location")).toBe("/basket?from=modal&profileImport=bank_denied");
    expect(await pendingOf(browser)).toBeNull();
  });

  it("keeps nothing when the shopper signed out (or in as someone else) before coming back", async () => {
    const { app } = await importApp();
    const { browser } = await shopper(app, { phone: "+79990000107" });
    const asked = await browser.request("/api/user/external/profile", json({ redirectTo: "/" }));
    const { redirect_url } = await asked.json();
    const trip = await throughBank(browser, redirect_url, smirnova);
    const other = await shopper(app, { phone: "+79990000108" });
    browser.cookies.set("sid|/", other.browser.cookies.get("sid|/")!);
    const back = await browser.request(trip.callbackUrl);
    expect(back.headers.get("location")).toBe("/?profileImport=bank_failed");
    expect(await pendingOf(other.browser)).toBeNull();
    expect(await pendingOf(browser)).toBeNull();
  });

  it("sends an unsafe redirectTo nowhere: 400 for the link, and the import's page stays on this site", async () => {
    const { app } = await importApp();
    const { browser } = await shopper(app, { phone: "+79990000109" });
    for (const redirectTo of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await browser.request("/api/user/external/profile", json({ redirectTo }));
      expect(response.status, redirectTo).toBe(400);
    }
  });

  it("asks who it is (401), checks the Origin of every change (403), and is off with the feature (404)", async () => {
    const { app } = await importApp();
    const anonymous = new TestBrowser(app);
    expect((await anonymous.request("/api/user/external/profile", json({ redirectTo: "/" }))).status).toBe(
      401,
    );
    expect((await anonymous.request("/api/v1/user/profile/import")).status).toBe(401);

    const { browser } = await shopper(app, { phone: "+79990000110" });
    const foreign = (method: string, body?: unknown) => ({
      method,
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(
      (await browser.request("/api/user/external/profile", foreign("POST", { redirectTo: "/" }))).status,
    ).toBe(403);
    expect(
      (
        await browser.request(
          "/api/v1/user/profile/import/apply",
          foreign("POST", { fields: [], consent: true }),
        )
      ).status,
    ).toBe(403);
    expect((await browser.request("/api/v1/user/profile/import", foreign("DELETE"))).status).toBe(403);

    const off = await importApp(false);
    const offShopper = await shopper(off.app, { phone: "+79990000111" });
    expect(
      (await offShopper.browser.request("/api/user/external/profile", json({ redirectTo: "/" }))).status,
    ).toBe(404);
    expect((await offShopper.browser.request("/api/v1/user/profile/import")).status).toBe(404);
  });
});
