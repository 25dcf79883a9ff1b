import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createBankSignInRepository } from "#server/domain/bank-sign-in/repository.ts";
import { type BankSignInOptions, hashFlowId } from "#server/domain/bank-sign-in/service.ts";
import { createPhoneCodesRepository } from "#server/domain/phone-sign-in/repository.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { type BankCustomer, DEMO_CUSTOMERS, DEMO_WELCOME_POINTS } from "#server/stand-ins/bank/customers.ts";
import { createUser } from "#tests/factories/users.ts";
import { formAction, TEST_ORIGIN, TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import {
  accountsOf,
  flowTargets,
  forgetDemoCustomers,
  payloadExpiry,
} from "#tests/fixtures/bank-sign-in-data.ts";
import { shopWithRealBank } from "#tests/fixtures/real-bank.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const customer = (login: string): BankCustomer => DEMO_CUSTOMERS.find((c) => c.login === login)!;
const ivanova = customer("ivanova");
const petrov = customer("petrov");
const smirnova = customer("smirnova");
const kuznetsov = customer("kuznetsov");
const ORDERS = "/personal/orders?tab=completed";
const start = (redirectTo?: string) =>
  redirectTo === undefined
    ? "/api/v1/auth/bank"
    : `/api/v1/auth/bank?redirectTo=${encodeURIComponent(redirectTo)}`;

/** An app of its own over the worker's database: its own stand-in, clock, bank or logger. */
async function bankApp(
  options: Pick<BankSignInOptions, "bank" | "clock" | "fetch"> & {
    env?: Record<string, string>;
    logger?: Logger;
  } = {},
) {
  const { database } = await getTestContext();
  const logger = options.logger ?? createLogger("silent");
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...options.env });
  const services = createServices(database.db, {
    bankSignIn: { bank: options.bank, clock: options.clock, fetch: options.fetch, logger },
  });
  const app = createApp({ config, services, logger, checks: {} });
  return { app, services, database };
}

/** Through the bank and back to the shop: the callback's answer. */
async function signIn(browser: TestBrowser, who: BankCustomer, redirectTo = ORDERS) {
  const trip = await throughBank(browser, start(redirectTo), who);
  const back = await browser.request(trip.callbackUrl);
  return { trip, back };
}

async function me(browser: TestBrowser) {
  const response = await browser.request("/api/v1/user/me");
  return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
}

beforeEach(async () => {
  const { database } = await getTestContext();
  await forgetDemoCustomers(database.db);
});

describe("sign-in through the bank (OIDC code flow with PKCE against the stand-in)", () => {
  it("goes start → bank login → consent → callback → session, and lands back on redirectTo", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);

    const started = await browser.request(start(ORDERS));
    expect(started.status).toBe(302);
    expect(started.headers.get("cache-control")).toBe("private, no-store");
    const authorization = new URL(started.headers.get("location")!);
    expect(authorization.origin + authorization.pathname).toBe(`${TEST_ORIGIN}/bank/auth`);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: "vitrina",
      response_type: "code",
      redirect_uri: `${TEST_ORIGIN}/api/v1/auth/bank/callback`,
      scope: "openid profile email phone",
      code_challenge_method: "S256",
    });
    for (const param of ["state", "nonce", "code_challenge"]) {
      expect(authorization.searchParams.get(param)?.length ?? 0).toBeGreaterThanOrEqual(43);
    }
    const flowCookie = started.headers.getSetCookie().find((c) => c.startsWith("bank_flow="))!;
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=Lax/);
    expect(flowCookie).toMatch(/Path=\/api\/v1\/auth\/bank/);
    expect(flowCookie).toMatch(/Max-Age=600/);

    // The bank's own login page: its own look, CSP and no caching.
    const { response: loginPage } = await browser.follow(authorization.href);
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(loginPage.headers.get("content-security-policy")).toMatch(/form-action 'self'/);
    expect(loginPage.headers.get("cache-control")).toBe("no-store");
    const loginHtml = await loginPage.text();
    expect(loginHtml).toContain("Банк — интернет-банк (демо)");
    expect(loginHtml).toContain('<label for="login">Логин</label>');
    expect(loginHtml).toContain('<label for="password">Пароль</label>');

    const trip = await throughBank(browser, authorization.href, petrov);
    // Already past login in this browser: the bank session carries it to consent and back.
    const back = await browser.request(trip.callbackUrl);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(ORDERS);
    expect(back.headers.get("cache-control")).toBe("private, no-store");
    expect(back.headers.getSetCookie().some((c) => /^sid=/.test(c))).toBe(true);
    expect(browser.cookie("bank_flow")).toBeUndefined();

    const account = await me(browser);
    expect(account).toEqual({
      status: 200,
      body: expect.objectContaining({
        phone: petrov.phone,
        surname: "Петров",
        name: "Дмитрий",
        patronymic: "Алексеевич",
        email: "d.petrov@example.ru",
      }),
    });
  });

  it("shows the consent screen with what the shop asks for, and logs the sign-in without codes or tokens", async () => {
    const lines: Record<string, unknown>[] = [];
    const raw: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        raw.push(String(chunk));
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const { app } = await bankApp({ logger: createLogger("info", sink) });
    const browser = new TestBrowser(app);
    const trip = await throughBank(browser, start("/"), smirnova);
    expect(trip.consentPage).toContain("Смирнова-Орлова Екатерина Игоревна");
    expect(trip.consentPage).toContain("+7 926 987-65-43");
    expect(trip.consentPage).toContain("katya.smirnova@example.ru");
    expect(trip.consentPage).toMatch(/ФИО[\s\S]*Телефон[\s\S]*Email/);
    const back = await browser.request(trip.callbackUrl);
    expect(back.headers.get("location")).toBe("/");
    const signIns = lines.filter((l) => l.event === "sign_in");
    expect(signIns).toEqual([expect.objectContaining({ method: "bank" })]);
    const code = new URL(trip.callbackUrl).searchParams.get("code")!;
    const session = browser.cookie("sid")!;
    const flow = new URL(trip.authorizationUrl).searchParams.get("state")!;
    const log = raw.join("");
    for (const secret of [code, session, flow]) expect(log).not.toContain(secret);
  });

  it("refuses a wrong password with a clear message on the bank's page, then takes the right one", async () => {
    const { app } = await bankApp();
    const browser = new TestBrowser(app);
    const started = await browser.request(start(ORDERS));
    const { response, url } = await browser.follow(started.headers.get("location")!);
    const action = formAction(await response.text(), "Войти");
    const wrong = await browser.postForm(action, { login: kuznetsov.login, password: "not-his" });
    expect(wrong.status).toBe(200);
    const html = await wrong.text();
    expect(html).toContain("Неверный логин или пароль");
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="kuznetsov"');
    expect(html).toMatch(/id="password"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(browser.cookie("sid")).toBeUndefined();

    const trip = await throughBank(browser, url, kuznetsov);
    expect((await browser.request(trip.callbackUrl)).headers.get("location")).toBe(ORDERS);
    expect((await me(browser)).body.phone).toBe(kuznetsov.phone);
  });

  it("stops checking passwords for a login after 10 wrong ones (429)", async () => {
    const { app } = await bankApp();
    const browser = new TestBrowser(app);
    const started = await browser.request(start());
    const { response } = await browser.follow(started.headers.get("location")!);
    const action = formAction(await response.text(), "Войти");
    for (let i = 0; i < 10; i++) {
      const refused = await browser.postForm(action, { login: "petrov", password: `guess-${i}` });
      expect(await refused.text()).toContain("Неверный логин или пароль");
    }
    const locked = await browser.postForm(action, { login: "petrov", password: petrov.password });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Слишком много неверных попыток");
  });

  it("lands on /auth with the reason when the customer refuses consent; nobody is signed in", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);
    const trip = await throughBank(browser, start(ORDERS), ivanova, { consent: "deny" });
    const back = await browser.request(trip.callbackUrl);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(
      `/auth?error=bank_denied&redirectTo=${encodeURIComponent(ORDERS)}`,
    );
    expect((await me(browser)).status).toBe(401);
    const { database } = await getTestContext();
    expect((await accountsOf(database.db, ivanova)).bySubject).toEqual([]);
  });

  it("cancelling at the bank's login page comes back as a refusal too", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);
    const started = await browser.request(start(ORDERS));
    const { response, url } = await browser.follow(started.headers.get("location")!);
    const cancel = await browser.postForm(formAction(await response.text(), "Отменить"), {});
    expect(cancel.status).toBe(303);
    const { response: last } = await browser.follow(new URL(cancel.headers.get("location")!, url).href);
    const callback = last.headers.get("location")!;
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    const back = await browser.request(callback);
    expect(back.headers.get("location")).toMatch(/^\/auth\?error=bank_denied&/);
  });

  it("refuses a callback whose state is not the flow's (another tab, or forged) without using the flow up", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);
    const tripA = await throughBank(browser, start("/a"), ivanova);
    // A second sign-in in the same browser: its flow is the one the cookie names now.
    const tripB = await throughBank(browser, start("/b"), ivanova);
    const staleA = await browser.request(tripA.callbackUrl);
    expect(staleA.headers.get("location")).toBe("/auth?error=bank_state_mismatch&redirectTo=%2Fb");
    expect(browser.cookie("sid")).toBeUndefined();

    // A forged state is refused the same way.
    const browser2 = new TestBrowser(app);
    const tripC = await throughBank(browser2, start("/c"), petrov);
    const forged = new URL(tripC.callbackUrl);
    forged.searchParams.set("state", "x".repeat(43));
    expect((await browser2.request(forged.href)).headers.get("location")).toMatch(
      /^\/auth\?error=bank_state_mismatch/,
    );
    void tripB;
  });

  it("finishes a callback once: a replay (same browser or another) signs nobody in", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);
    const flowBefore = async () => browser.cookie("bank_flow");
    const trip = await throughBank(browser, start(ORDERS), petrov);
    const flowId = await flowBefore();
    const first = await browser.request(trip.callbackUrl);
    expect(first.headers.get("location")).toBe(ORDERS);

    // The same browser again, with the flow cookie put back: the flow is gone.
    const again = new TestBrowser(app);
    again.cookies.set("bank_flow|/api/v1/auth/bank", {
      name: "bank_flow",
      value: flowId!,
      path: "/api/v1/auth/bank",
    });
    const replay = await again.request(trip.callbackUrl);
    expect(replay.headers.get("location")).toBe("/auth?error=bank_flow_expired");
    expect(again.cookie("sid")).toBeUndefined();

    // An attacker's browser with the victim's callback address and no cookie.
    const attacker = new TestBrowser(app);
    const stolen = await attacker.request(trip.callbackUrl);
    expect(stolen.headers.get("location")).toBe("/auth?error=bank_flow_expired");
    expect((await me(attacker)).status).toBe(401);
  });

  it("refuses a flow older than 10 minutes", async () => {
    let offsetMs = 0;
    const { app } = await bankApp({ clock: () => new Date(Date.now() + offsetMs) });
    const browser = new TestBrowser(app);
    const trip = await throughBank(browser, start(ORDERS), ivanova);
    offsetMs = 10 * 60 * 1000 + 1000;
    const late = await browser.request(trip.callbackUrl);
    expect(late.headers.get("location")).toBe(
      `/auth?error=bank_flow_expired&redirectTo=${encodeURIComponent(ORDERS)}`,
    );
    expect((await me(browser)).status).toBe(401);
  });

  it("has the bank refuse an authorization request without PKCE, or with the plain method", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);
    const base = {
      client_id: "vitrina",
      redirect_uri: `${TEST_ORIGIN}/api/v1/auth/bank/callback`,
      response_type: "code",
      scope: "openid profile",
      state: "s".repeat(43),
      nonce: "n".repeat(43),
    };
    const variants: Record<string, string>[] = [
      {},
      { code_challenge: "c".repeat(43), code_challenge_method: "plain" },
    ];
    for (const extra of variants) {
      const response = await browser.request(`/bank/auth?${new URLSearchParams({ ...base, ...extra })}`);
      expect(response.status).toBe(303);
      const back = new URL(response.headers.get("location")!);
      expect(back.pathname).toBe("/api/v1/auth/bank/callback");
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("error_description")).toMatch(/code_challenge|PKCE/);
    }
    const discovery = await (await browser.request("/bank/.well-known/openid-configuration")).json();
    expect(discovery).toMatchObject({
      issuer: `${TEST_ORIGIN}/bank`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
    });
  });

  it("issues a code that lives at most a minute and is exchanged once, with the right verifier, for no refresh token", async () => {
    const { app, services, database } = await bankApp();
    const browser = new TestBrowser(app);
    const verifier = randomBytes(32).toString("base64url");
    const authorization = `/bank/auth?${new URLSearchParams({
      client_id: "vitrina",
      redirect_uri: `${TEST_ORIGIN}/api/v1/auth/bank/callback`,
      response_type: "code",
      scope: "openid profile phone email",
      state: "s".repeat(43),
      nonce: "n".repeat(43),
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    })}`;
    const trip = await throughBank(browser, authorization, petrov);
    const code = new URL(trip.callbackUrl).searchParams.get("code")!;
    const expiresAt = await payloadExpiry(database.db, "AuthorizationCode", code);
    expect(expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const secret = await services.bankStandIn!.clientSecret();
    const exchange = (codeVerifier: string) =>
      browser.request("/bank/token", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`vitrina:${secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: `${TEST_ORIGIN}/api/v1/auth/bank/callback`,
          code_verifier: codeVerifier,
        }).toString(),
      });
    const wrong = await exchange("v".repeat(43));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");
    const right = await exchange(verifier);
    expect(right.status).toBe(200);
    const tokens = await right.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", id_token: expect.any(String) });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    const again = await exchange(verifier);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("invalid_grant");
  });

  it.each([["//evil.example/x"], ["/\\evil.example"], ["https://evil.example/"], ["javascript:alert(1)"]])(
    "sends redirectTo %s to / instead",
    async (redirectTo) => {
      const { app } = await getTestContext();
      const browser = new TestBrowser(app);
      const { back } = await signIn(browser, petrov, redirectTo);
      expect(back.headers.get("location")).toBe("/");
    },
  );

  it("keeps a safe redirectTo's query, and a refused one out of the error page's address", async () => {
    const { app, database } = await getTestContext();
    const browser = new TestBrowser(app);
    const started = await browser.request(start("https://evil.example/"));
    const flowId = browser.cookie("bank_flow")!;
    expect(await flowTargets(database.db, [hashFlowId(flowId)])).toEqual([
      { idHash: hashFlowId(flowId), redirectTo: "/" },
    ]);
    expect(started.status).toBe(302);
    const { back } = await signIn(new TestBrowser(app), petrov, "/search?q=чай&page=2");
    expect(back.headers.get("location")).toBe("/search?q=%D1%87%D0%B0%D0%B9&page=2");
  });

  it("lands a bank sign-in in the account of the same phone (and links it), and a later phone sign-in in the bank's", async () => {
    const { app, database } = await getTestContext();
    // Ivanova signed in by SMS before, and typed her name.
    const phoneAccount = await createUser(database.db, {
      phone: ivanova.phone,
      surname: "Иванова",
      name: "Аня",
      patronymic: null,
      email: null,
    });
    const browser = new TestBrowser(app);
    await signIn(browser, ivanova);
    const account = await me(browser);
    expect(account.body.id).toBe(String(phoneAccount.id));
    // What she typed stays; what was empty comes from the bank.
    expect(account.body).toMatchObject({ name: "Аня", patronymic: "Сергеевна", email: ivanova.email });
    expect(await accountsOf(database.db, ivanova)).toEqual({
      bySubject: [phoneAccount.id],
      byPhone: [{ id: phoneAccount.id, bankSubject: ivanova.sub }],
    });

    // The reverse: Petrov comes through the bank first, then by SMS with the same phone.
    const bankBrowser = new TestBrowser(app);
    await signIn(bankBrowser, petrov);
    const bankAccount = (await me(bankBrowser)).body.id;
    const phoneBrowser = new TestBrowser(app);
    expect(
      (
        await phoneBrowser.request("/api/v1/auth/phone/code", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "10.9.8.7" },
          body: JSON.stringify({ phone: petrov.phone }),
        })
      ).status,
    ).toBe(202);
    const [sms] = await getTestContext().then(({ app: _ }) =>
      createServices(database.db).phoneCodes.outbox(petrov.phone, 1),
    );
    const confirmed = await phoneBrowser.request("/api/v1/auth/phone/confirm", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone: petrov.phone, code: /\d{6}/.exec(sms!.text)![0] }),
    });
    expect(confirmed.status).toBe(200);
    expect((await me(phoneBrowser)).body.id).toBe(bankAccount);
  });

  it("does not take over a phone account already linked to another bank customer", async () => {
    const { app, database } = await getTestContext();
    const other = await createUser(database.db, { phone: smirnova.phone });
    const { updateLinked } = {
      updateLinked: () =>
        createBankSignInRepository(database.db).linkBankSubjectByPhone(smirnova.phone, "someone-else"),
    };
    expect(await updateLinked()).toBe(other.id);
    const browser = new TestBrowser(app);
    await signIn(browser, smirnova);
    const account = (await me(browser)).body;
    expect(account.id).not.toBe(String(other.id));
    expect(account.phone).toBeNull();
    expect(account.surname).toBe("Смирнова-Орлова");
  });

  it("makes one account of 50 parallel first-time sign-ins of one customer", async () => {
    const { app, database } = await getTestContext();
    const browsers = Array.from({ length: 50 }, () => new TestBrowser(app));
    const trips: string[] = [];
    // The round trips up to the callback, ten at a time (each with its own bank login)…
    for (let i = 0; i < browsers.length; i += 10) {
      const batch = browsers.slice(i, i + 10);
      trips.push(
        ...(await Promise.all(batch.map((b) => throughBank(b, start(ORDERS), kuznetsov)))).map(
          (t) => t.callbackUrl,
        ),
      );
    }
    // …then every callback at once.
    const answers = await Promise.all(browsers.map((b, i) => b.request(trips[i]!)));
    expect(answers.map((a) => a.headers.get("location"))).toEqual(Array(50).fill(ORDERS));
    const ids = new Set(await Promise.all(browsers.map(async (b) => (await me(b)).body.id)));
    expect(ids.size).toBe(1);
    const { bySubject, byPhone } = await accountsOf(database.db, kuznetsov);
    expect(bySubject).toHaveLength(1);
    expect(byPhone).toEqual([{ id: bySubject[0], bankSubject: kuznetsov.sub }]);
  });

  it("makes one account when 25 bank sign-ins and 25 phone sign-ins of one person race", async () => {
    const { services, database } = await bankApp();
    const profile = {
      surname: "Иванова",
      name: "Анна",
      patronymic: "Сергеевна",
      email: ivanova.email,
      phone: ivanova.phone,
    };
    const phones = createPhoneCodesRepository(database.db);
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? services.bankSignIn.findOrCreateUser(ivanova.sub, profile)
          : phones.findOrCreateUserByPhone(ivanova.phone).then((u) => u.id),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect((await accountsOf(database.db, ivanova)).bySubject).toEqual([ids[0]]);
  });

  it("keeps its signing key, cookie keys and client secret across a restart (same kid over the same database)", async () => {
    const first = await bankApp();
    const jwks = async (app: typeof first.app) =>
      (await (await new TestBrowser(app).request("/bank/jwks")).json()) as {
        keys: { kid: string; d?: string }[];
      };
    const before = await jwks(first.app);
    expect(before.keys).toHaveLength(1);
    expect(before.keys[0]!.d).toBeUndefined();
    // A new process over the same database: new services, new providers.
    const second = await bankApp();
    expect((await jwks(second.app)).keys.map((k) => k.kid)).toEqual(before.keys.map((k) => k.kid));
    expect(await second.services.bankStandIn!.clientSecret()).toBe(
      await first.services.bankStandIn!.clientSecret(),
    );
    // A bank session started before the restart is still good after it (cookie keys and storage kept).
    const browser = new TestBrowser(first.app);
    await signIn(browser, petrov);
    const afterRestart = new TestBrowser(second.app);
    for (const [key, cookie] of browser.cookies) afterRestart.cookies.set(key, cookie);
    const trip = await throughBank(afterRestart, start("/again"), { login: "nobody", password: "-" });
    expect((await afterRestart.request(trip.callbackUrl)).headers.get("location")).toBe("/again");
  });

  it("lands on /auth saying the bank is down when a real bank cannot be reached, and serves no stand-in then", async () => {
    const { app, services } = await bankApp({
      bank: { issuer: "https://bank.example", clientId: "vitrina", clientSecret: "s".repeat(32) },
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    expect(services.bankStandIn).toBeUndefined();
    const browser = new TestBrowser(app);
    const started = await browser.request(start(ORDERS));
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe(
      `/auth?error=bank_unavailable&redirectTo=${encodeURIComponent(ORDERS)}`,
    );
    expect((await browser.request("/bank/.well-known/openid-configuration")).status).toBe(404);
  });

  it("signs in through a real bank's address over HTTP (the production client against the stand-in)", async () => {
    // The stand-in listening on a port, as a bank would; the shop configured with OIDC_ISSUER for it.
    const bankSide = await bankApp();
    // Not the default: it would swap the worker's global Response for @hono/node-server's lightweight one,
    // and the API suites share a worker (isolate: false) — a later `res.clone()` then drops headers set
    // before it (Cache-Control went missing from other files' answers).
    const server = createServer(getRequestListener(bankSide.app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const shop = await bankApp({
        env: { PUBLIC_ORIGIN: origin },
        bank: {
          issuer: `${origin}/bank`,
          clientId: "vitrina",
          clientSecret: await bankSide.services.bankStandIn!.clientSecret(),
        },
      });
      // One browser: the shop's routes answered by the shop, the bank's by the bank (same origin here).
      const browser = new TestBrowser(
        {
          request: (url, init) =>
            (new URL(url).pathname.startsWith("/bank/") ? bankSide.app : shop.app).request(url, init),
        },
        origin,
      );
      const trip = await throughBank(browser, start(ORDERS), smirnova);
      const back = await browser.request(trip.callbackUrl);
      expect(back.headers.get("location")).toBe(ORDERS);
      expect((await me(browser)).body.email).toBe(smirnova.email);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("works behind a proxy at an https public origin: issuer, redirect URI and cookies follow it", async () => {
    const { app } = await bankApp({ env: { PUBLIC_ORIGIN: "https://shop.example" } });
    const browser = new TestBrowser(app, "https://shop.example");
    const started = await browser.request(start(ORDERS));
    const authorization = new URL(started.headers.get("location")!);
    expect(authorization.origin).toBe("https://shop.example");
    expect(authorization.searchParams.get("redirect_uri")).toBe(
      "https://shop.example/api/v1/auth/bank/callback",
    );
    expect(started.headers.getSetCookie().find((c) => c.startsWith("bank_flow="))).toMatch(/Secure/);
    const trip = await throughBank(browser, authorization.href, ivanova);
    const back = await browser.request(trip.callbackUrl);
    expect(back.headers.get("location")).toBe(ORDERS);
    // The shop's session cookie is the __Host- one on https; the bank's own cookies are Secure too.
    expect(back.headers.getSetCookie().some((c) => c.startsWith("__Host-sid="))).toBe(true);
    const discovery = await (await browser.request("/bank/.well-known/openid-configuration")).json();
    expect(discovery.issuer).toBe("https://shop.example/bank");
    expect(discovery.token_endpoint).toBe("https://shop.example/bank/token");
  });

  it("refuses a form posted to the bank from another site", async () => {
    const { app } = await getTestContext();
    const browser = new TestBrowser(app);
    const started = await browser.request(start());
    const { response } = await browser.follow(started.headers.get("location")!);
    const action = formAction(await response.text(), "Войти");
    const forged = await browser.request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ login: "petrov", password: petrov.password }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(browser.cookie("sid")).toBeUndefined();
  });
});

describe("the stand-in's demo customers", () => {
  it("get no welcome points through a real bank, even with a demo customer's subject", async () => {
    const { database } = await getTestContext();
    await forgetDemoCustomers(database.db);
    // The stand-in plays a real bank (OIDC_ISSUER): the same subjects, but it is not the shop's stand-in.
    const { browser } = await shopWithRealBank();
    const shopper = browser();
    const trip = await throughBank(shopper, start(ORDERS), kuznetsov);
    expect((await shopper.request(trip.callbackUrl)).headers.get("location")).toBe(ORDERS);
    const balance = await shopper.request("/api/v1/user/bonus");
    expect(await balance.json()).toEqual({ balance: 0, pending: 0 });
  });

  it("start with the welcome points once, however many times they sign in", async () => {
    const { app } = await getTestContext();
    for (let i = 0; i < 2; i += 1) {
      const browser = new TestBrowser(app);
      const { back } = await signIn(browser, kuznetsov);
      expect(back.status).toBe(302);
      const balance = await browser.request("/api/v1/user/bonus");
      expect(await balance.json()).toEqual({ balance: DEMO_WELCOME_POINTS, pending: 0 });
    }
  });
});
