import { beforeEach, describe, expect, it } from "vitest";
import { type BankCustomer, DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { createUser } from "#tests/factories/users.ts";
import { TEST_ORIGIN, type TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import { accountsOf, forgetDemoCustomers } from "#tests/fixtures/bank-sign-in-data.ts";
import { shopWithRealBank } from "#tests/fixtures/real-bank.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * A bank is trusted with a phone only when it says it verified it (`phone_number_verified: true`): the
 * phone links the bank identity to the account signing in with that number by SMS, and an import writes
 * it without a code. The stand-in always vouches for its customers' phones; a real bank may not (a
 * number typed into an online form). Here the stand-in plays a real bank (OIDC_ISSUER) whose userinfo
 * answer is rewritten on the way to the shop to leave the phone unverified.
 */
const ivanova = DEMO_CUSTOMERS.find((c) => c.login === "ivanova")!;
const petrov = DEMO_CUSTOMERS.find((c) => c.login === "petrov")!;

const shopWithBank = (verified: boolean | undefined) =>
  shopWithRealBank({
    rewrite: (_url, body) => {
      if (typeof body.phone_number !== "string") return;
      if (verified === undefined) delete body.phone_number_verified;
      else body.phone_number_verified = verified;
    },
  });

async function signIn(browser: TestBrowser, who: BankCustomer) {
  const trip = await throughBank(browser, "/api/v1/auth/bank?redirectTo=%2Fbasket", who);
  const back = await browser.request(trip.callbackUrl);
  expect(back.headers.get("location")).toBe("/basket");
  const me = await browser.request("/api/v1/user/me");
  expect(me.status).toBe(200);
  return (await me.json()) as { id: string; phone: string | null; name: string | null };
}

beforeEach(async () => {
  const { database } = await getTestContext();
  await forgetDemoCustomers(database.db);
});

describe("a bank's phone that the bank has not verified", () => {
  it.each([false, undefined])(
    "does not hand over the SMS account of that number (phone_number_verified: %s)",
    async (verified) => {
      const { database } = await getTestContext();
      // The number's owner signs in by SMS; someone else's bank profile claims the same number.
      const owner = await createUser(database.db, { phone: ivanova.phone, name: "Анна" });
      const { browser } = await shopWithBank(verified);
      const account = await signIn(browser(), ivanova);
      expect(account.id).not.toBe(String(owner.id));
      expect(account.phone).toBeNull();
      // The owner's account is as it was: not linked to that bank customer, the phone still theirs.
      expect(await accountsOf(database.db, ivanova)).toEqual({
        bySubject: [Number(account.id)],
        byPhone: [{ id: owner.id, bankSubject: null }],
      });
    },
  );

  it("is not planted on a new account, so the number's owner later signs in to an account of their own", async () => {
    const { database } = await getTestContext();
    const { browser } = await shopWithBank(false);
    const account = await signIn(browser(), petrov);
    expect(account.phone).toBeNull();
    expect((await accountsOf(database.db, petrov)).byPhone).toEqual([]);
  });

  it("is not offered by the identity import", async () => {
    const { database } = await getTestContext();
    const { browser } = await shopWithBank(false);
    const user = await createUser(database.db, { phone: "+79990001122", surname: null, name: null });
    const shopper = browser();
    const { token } = await createSession(database.db, { userId: user.id });
    shopper.cookies.set("sid|/", { name: "sid", value: token, path: "/" });
    const asked = await shopper.request("/api/user/external/profile", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ redirectTo: "/personal/profile" }),
    });
    expect(asked.status).toBe(200);
    const trip = await throughBank(shopper, (await asked.json()).redirect_url, petrov);
    expect((await shopper.request(trip.callbackUrl)).headers.get("location")).toBe(
      "/personal/profile?profileImport=1",
    );
    const pending = await (await shopper.request("/api/v1/user/profile/import")).json();
    expect(pending.pending.fields.map((f: { field: string }) => f.field)).toEqual([
      "surname",
      "name",
      "patronymic",
      "email",
    ]);
  });

  it("a verified one still links the bank identity to the SMS account of that number", async () => {
    const { database } = await getTestContext();
    const owner = await createUser(database.db, { phone: ivanova.phone });
    const { browser } = await shopWithBank(true);
    const account = await signIn(browser(), ivanova);
    expect(account.id).toBe(String(owner.id));
  });
});
