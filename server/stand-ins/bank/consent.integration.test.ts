import { beforeEach, describe, expect, it } from "vitest";
import { type BankCustomer, DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { createBankStandInRepository } from "#server/stand-ins/bank/repository.ts";
import { createBankStandIn, STAND_IN_TTL } from "#server/stand-ins/bank/stand-in.ts";
import { TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import { expireGrantsOf, forgetDemoCustomers, grantsOf } from "#tests/fixtures/bank-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// The stand-in bank remembers a customer's consent as a real OpenID Provider keeps a grant (ADR 068): the
// second sign-in of the same customer, in another browser with no bank session, asks for the password but
// not the consent, until the consent is revoked or expires.

const customer = (login: string): BankCustomer => DEMO_CUSTOMERS.find((c) => c.login === login)!;
const ivanova = customer("ivanova");
const petrov = customer("petrov");
const smirnova = customer("smirnova");
const START = "/api/v1/auth/bank?redirectTo=%2Fbasket";

/** A sign-in from a browser of its own (no bank session): the bank's screens met, and the shop's answer. */
async function signInAfresh(who: BankCustomer) {
  const { app } = await getTestContext();
  const browser = new TestBrowser(app);
  const trip = await throughBank(browser, START, who);
  const back = await browser.request(trip.callbackUrl);
  const me = await browser.request("/api/v1/user/me");
  return {
    screens: trip.screens,
    status: back.status,
    location: back.headers.get("location"),
    me: me.status,
  };
}

beforeEach(async () => {
  const { database } = await getTestContext();
  await forgetDemoCustomers(database.db);
});

describe("the stand-in bank's remembered consent", () => {
  it("asks once: the same customer's next sign-in, in another browser, asks the password only", async () => {
    const first = await signInAfresh(ivanova);
    expect(first.screens).toEqual(["login", "consent"]);
    expect(first).toMatchObject({ status: 302, location: "/basket", me: 200 });

    const second = await signInAfresh(ivanova);
    expect(second.screens).toEqual(["login"]);
    expect(second).toMatchObject({ status: 302, location: "/basket", me: 200 });
  });

  it("is one customer's: another customer is asked for their own", async () => {
    expect((await signInAfresh(petrov)).screens).toEqual(["login", "consent"]);
    expect((await signInAfresh(smirnova)).screens).toEqual(["login", "consent"]);
    expect((await signInAfresh(petrov)).screens).toEqual(["login"]);
  });

  it("asks again once the customer has revoked it", async () => {
    const { database } = await getTestContext();
    // The bank's side of it (its «Доступы» page would call this): any instance, one storage.
    const bank = createBankStandIn(createBankStandInRepository(database.db));
    await signInAfresh(petrov);
    expect(await bank.revokeConsent(petrov.sub)).toBe(1);
    expect(await bank.revokeConsent(petrov.sub)).toBe(0);
    expect((await signInAfresh(petrov)).screens).toEqual(["login", "consent"]);
    expect((await signInAfresh(petrov)).screens).toEqual(["login"]);
  });

  it("lasts 90 days from its last use, and asks again once expired", async () => {
    const { database } = await getTestContext();
    await signInAfresh(smirnova);
    const [grant] = await grantsOf(database.db, smirnova.sub);
    expect(STAND_IN_TTL.Grant).toBe(90 * 24 * 3600);
    const left = grant!.expiresAt!.getTime() - Date.now();
    expect(left).toBeGreaterThan((STAND_IN_TTL.Grant - 60) * 1000);
    expect(left).toBeLessThanOrEqual(STAND_IN_TTL.Grant * 1000);

    await expireGrantsOf(database.db, smirnova.sub);
    expect((await signInAfresh(smirnova)).screens).toEqual(["login", "consent"]);
  });
});
