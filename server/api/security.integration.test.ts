import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { hashFlowId } from "#server/domain/bank-sign-in/service.ts";
import { DEMO_CUSTOMERS } from "#server/stand-ins/bank/customers.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { twoCitiesWithPoints } from "#tests/fixtures/address-book-data.ts";
import { formAction, TEST_ORIGIN, TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import { flowTargets, forgetDemoCustomers } from "#tests/fixtures/bank-sign-in-data.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";
import { productsByStock } from "#tests/fixtures/wishlist-data.ts";

/**
 * The security baseline across the whole API, read from its own OpenAPI document so that an operation
 * added later is covered without anyone remembering to (issue 11 point 11; architecture.md): every state
 * change refuses another site's Origin before it runs, everything personal is `private, no-store` (errors
 * included), and what needs a session says so with 401. Each resource's own suite tests ownership.
 */
interface Operation {
  method: string;
  path: string;
  operationId: string;
  security: Record<string, unknown>[];
  /** A body, or a required query parameter: checked before the handler runs. */
  takesInput: boolean;
}

async function operations(): Promise<Operation[]> {
  const { app } = await getTestContext();
  const doc = (await (await app.request(`${TEST_ORIGIN}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          security?: Record<string, unknown>[];
          requestBody?: unknown;
          parameters?: { in: string; required?: boolean }[];
        }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      security: op.security ?? [],
      takesInput:
        op.requestBody !== undefined || (op.parameters ?? []).some((p) => p.in === "query" && p.required),
    })),
  );
}

const needs = (op: Operation, scheme: string) => op.security.some((s) => scheme in s);
const isPersonal = (op: Operation) => needs(op, "sessionCookie") || needs(op, "visitorCookie");

/** A signed-in shopper with one of everything the API keeps for them, and the ids to put in paths. */
async function shopperWithData() {
  const { app, database } = await getTestContext();
  const me = await createSession(database.db);
  const secondDevice = await createSession(database.db, { userId: me.userId });
  const { first } = await twoCitiesWithPoints(database.db);
  const {
    inStock: [productId],
  } = await productsByStock(database.db, 1);
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: { cookie: me.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response.status === 204 ? undefined : response.json();
  };
  const address = await send("POST", "/api/v1/user/address", {
    type: "courier",
    cityId: first.cityId,
    address: "ул. Ленина, 5",
  });
  const recipient = await send("POST", "/api/v1/user/recipients", {
    fullName: "Смирнова Анна Сергеевна",
    phone: "+79161234567",
  });
  await send("POST", "/api/v1/wishlist", { productId });
  await send("POST", `/api/v1/viewed/${productId}`);
  const search = await send("POST", "/api/v1/search/recent", { query: "чайник" });
  const devices = (await (
    await app.request(`${TEST_ORIGIN}/api/v1/user/sessions`, { headers: { cookie: secondDevice.cookie } })
  ).json()) as { items: { id: string; current: boolean }[] };
  const params: Record<string, string> = {
    "/api/v1/user/address/{id}": String(address.id),
    "/api/v1/user/recipients/{id}": String(recipient.id),
    "/api/v1/user/sessions/{id}": devices.items.find((d) => d.current)!.id,
    "/api/v1/search/recent/{id}": String(search.id),
    "/api/v1/wishlist/{productId}": String(productId),
    "/api/v1/viewed/{productId}": String(productId),
    "/api/v1/products/{id}": String(productId),
    "/api/v1/address/confirm/{id}": String(first.cityId),
  };
  /** Everything the shopper can read about themselves, to compare before and after. */
  const snapshot = async () => {
    const read = async (path: string) =>
      (await app.request(`${TEST_ORIGIN}${path}`, { headers: { cookie: me.cookie } })).text();
    return Promise.all(
      [
        "/api/v1/user/me",
        "/api/v1/user/address",
        "/api/v1/user/recipients",
        "/api/v1/user/sessions",
        "/api/v1/wishlist/ids",
        "/api/v1/viewed",
        "/api/v1/search/recent",
        "/api/v1/address/current",
      ].map(read),
    );
  };
  return { me, params, snapshot };
}

/** The path with its template filled: the shopper's own object where it has one, else a made-up id. */
function concrete(path: string, params: Record<string, string>): string {
  const own = Object.keys(params).find((template) => path.startsWith(template));
  const filled = own ? own.replace(/\{[^}]+\}/, params[own]!) + path.slice(own.length) : path;
  return filled.replace(/\{[^}]+\}/g, "1");
}

/** A request to `op`: JSON `{}` for a write (the Origin check comes before any body is read). */
function requestOf(op: Operation, headers: Record<string, string>): RequestInit {
  if (op.method === "GET") return { headers };
  return { method: op.method, headers: { ...headers, "content-type": "application/json" }, body: "{}" };
}

describe("every state-changing operation of the API", () => {
  it("refuses another site's page (and an opaque Origin) with 403 cross_origin, changing nothing", async () => {
    const { app } = await getTestContext();
    const writes = (await operations()).filter((op) => op.method !== "GET");
    expect(writes.length).toBeGreaterThanOrEqual(25);
    const { me, params, snapshot } = await shopperWithData();
    const before = await snapshot();
    for (const op of writes) {
      for (const origin of ["https://evil.example", "null", "http://localhost.evil.example"]) {
        const response = await app.request(
          `${TEST_ORIGIN}${concrete(op.path, params)}`,
          requestOf(op, { cookie: me.cookie, origin }),
        );
        expect(response.status, `${op.operationId} from ${origin}`).toBe(403);
        expect(await response.json(), op.operationId).toMatchObject({ code: "cross_origin" });
        expect(response.headers.get("cache-control"), op.operationId).toBe("private, no-store");
        expect(response.headers.getSetCookie(), op.operationId).toEqual([]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("every personal operation of the API", () => {
  it("is never stored: private, no-store, signed in or out, answered or refused", async () => {
    const { app } = await getTestContext();
    const personal = (await operations()).filter(isPersonal);
    expect(personal.length).toBeGreaterThanOrEqual(30);
    const { me, params } = await shopperWithData();
    for (const op of personal) {
      for (const cookie of [me.cookie, undefined]) {
        const response = await app.request(
          `${TEST_ORIGIN}${concrete(op.path, params)}`,
          requestOf(op, { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }),
        );
        const label = `${op.method} ${op.path} ${cookie ? "signed in" : "signed out"} → ${response.status}`;
        expect(response.headers.get("cache-control"), label).toBe("private, no-store");
        expect(response.headers.get("etag"), label).toBeNull();
      }
    }
  });

  it("asks for a session with 401 not_signed_in when it needs one", async () => {
    const { app } = await getTestContext();
    // Sign-out is idempotent: signed out already is a 204 (sessions.integration.test.ts). A product's
    // questions are read signed out too; the session only adds the reader's own (ADR 066).
    const optional = ["signOut", "getProductQuestions"];
    const signedInOnly = (await operations()).filter(
      (op) => needs(op, "sessionCookie") && !needs(op, "visitorCookie") && !optional.includes(op.operationId),
    );
    expect(signedInOnly.length).toBeGreaterThanOrEqual(20);
    // Path parameters well formed, so that only the missing session can refuse (an upload's id is not a number).
    const wellFormed = { "/api/v1/uploads/{id}": "A".repeat(22) };
    for (const op of signedInOnly) {
      const response = await app.request(
        `${TEST_ORIGIN}${concrete(op.path, wellFormed)}`,
        requestOf(op, { origin: TEST_ORIGIN, cookie: "sid=made-up-session-token-0123456789abcdefghijk" }),
      );
      // Input is checked before the handler asks who it is: an empty one is a 400 that says nothing more.
      const body = await response.json();
      if (op.takesInput && response.status === 400) {
        expect(body, op.operationId).toMatchObject({ code: "invalid_parameters" });
        continue;
      }
      expect(response.status, op.operationId).toBe(401);
      expect(body, op.operationId).toMatchObject({ code: "not_signed_in" });
    }
  });
});

/** A browser that keeps every answer it got, with its address. */
class RecordingBrowser extends TestBrowser {
  readonly answers: { method: string; url: string; response: Response }[] = [];
  override async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.request(url, init);
    this.answers.push({ method: init.method ?? "GET", url: new URL(url, this.origin).pathname, response });
    return response;
  }
}

describe("the bank stand-in's screens and redirects", () => {
  it("are never stored, the form posts' redirects included", async () => {
    const { app, database } = await getTestContext();
    await forgetDemoCustomers(database.db);
    const browser = new RecordingBrowser(app);
    const trip = await throughBank(browser, "/api/v1/auth/bank", DEMO_CUSTOMERS[3]!);
    await browser.request(trip.callbackUrl);
    const personal = browser.answers.filter(
      ({ url }) =>
        url.startsWith("/bank/auth") || url.startsWith("/bank/interaction") || url.startsWith("/api/"),
    );
    expect(personal.map(({ method, url }) => `${method} ${url.replace(/[\w-]{20,}/g, "…")}`)).toEqual([
      "GET /api/v1/auth/bank",
      "GET /bank/auth",
      "GET /bank/interaction/…",
      "POST /bank/interaction/…/login",
      "GET /bank/auth/…",
      "GET /bank/interaction/…",
      "POST /bank/interaction/…/confirm",
      "GET /bank/auth/…",
      "GET /api/v1/auth/bank/callback",
    ]);
    for (const { method, url, response } of personal) {
      expect(response.headers.get("cache-control"), `${method} ${url}`).toMatch(/(^|, )no-store$/);
    }
  });

  it("refuses a consent or refusal posted from another site, and the round trip goes on from the bank's own page", async () => {
    const { app, database } = await getTestContext();
    await forgetDemoCustomers(database.db);
    const browser = new TestBrowser(app);
    const started = await browser.request("/api/v1/auth/bank");
    const { response: loginPage, url } = await browser.follow(started.headers.get("location")!);
    const login = await browser.postForm(formAction(await loginPage.text(), "Войти"), {
      login: "petrov",
      password: "demo1234",
    });
    const { response: consentPage } = await browser.follow(new URL(login.headers.get("location")!, url).href);
    const html = await consentPage.text();
    for (const button of ["Разрешить", "Отказаться"]) {
      const forged = await browser.request(formAction(html, button), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: "",
      });
      expect(forged.status, button).toBe(403);
      expect(forged.headers.get("cache-control")).toBe("no-store");
      expect(forged.headers.get("location")).toBeNull();
    }
    const allowed = await browser.postForm(formAction(html, "Разрешить"), {});
    expect(allowed.status).toBe(303);
  });
});

describe("a sign-in rotates the session, whichever way the shopper proves who they are", () => {
  const PUBLIC = "https://shop.example";

  it("by SMS code: a session planted before is revoked; the new cookie is __Host-sid, HttpOnly, Secure, Lax, Path=/", async () => {
    const { database } = await getTestContext();
    const app = await appWith({ PUBLIC_ORIGIN: PUBLIC });
    const planted = await createSession(database.db);
    const phone = `+7998${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const post = (path: string, body: unknown) =>
      app.request(`${PUBLIC}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: PUBLIC,
          cookie: `__Host-sid=${planted.token}`,
        },
        body: JSON.stringify(body),
      });
    expect((await post("/api/v1/auth/phone/code", { phone })).status).toBe(202);
    const [sms] = await createServices(database.db).phoneCodes.outbox(phone, 1);
    const confirmed = await post("/api/v1/auth/phone/confirm", { phone, code: /\d{6}/.exec(sms!.text)![0] });
    expect(confirmed.status).toBe(200);
    const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="))!;
    const token = /^__Host-sid=([^;]+)/.exec(cookie)![1]!;
    expect(token).not.toBe(planted.token);
    expect(cookie.split("; ").slice(1).sort()).toEqual(
      expect.arrayContaining(["HttpOnly", "Path=/", "SameSite=Lax", "Secure"]),
    );
    expect(cookie).not.toMatch(/Domain=/i);
    const identity = createServices(database.db).identity;
    expect(await identity.resolveSession(planted.token)).toBeUndefined();
    expect(await identity.resolveSession(token)).toBeDefined();
  });

  it("through the bank: a session planted before is revoked", async () => {
    const { app, database } = await getTestContext();
    await forgetDemoCustomers(database.db);
    const planted = await createSession(database.db);
    const browser = new TestBrowser(app);
    browser.cookies.set("sid|/", { name: "sid", value: planted.token, path: "/" });
    const trip = await throughBank(browser, "/api/v1/auth/bank", DEMO_CUSTOMERS[2]!);
    expect((await browser.request(trip.callbackUrl)).status).toBe(302);
    expect(browser.cookie("sid")).not.toBe(planted.token);
    const identity = createServices(database.db).identity;
    expect(await identity.resolveSession(planted.token)).toBeUndefined();
    expect(await identity.resolveSession(browser.cookie("sid")!)).toBeDefined();
  });
});

describe("another signed-in shopper's recent search", () => {
  it("cannot be removed or cleared by its id, and stays", async () => {
    const { app, database } = await getTestContext();
    const owner = await createSession(database.db);
    const stranger = await createSession(database.db);
    const call = (cookie: string, method: string, path: string, body?: unknown) =>
      app.request(`${TEST_ORIGIN}/api/v1/search/recent${path}`, {
        method,
        headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const mine = await (await call(owner.cookie, "POST", "", { query: "пылесос" })).json();
    await call(stranger.cookie, "POST", "", { query: "дрель" });
    await call(stranger.cookie, "DELETE", `/${mine.id}`);
    await call(stranger.cookie, "DELETE", "");
    const left = await (await call(owner.cookie, "GET", "")).json();
    expect(left.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
  });
});

describe("redirectTo in every API place that takes one", () => {
  const UNSAFE = [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%2e%2e%2f%2fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example",
  ];

  it("the bank sign-in keeps `/` for anything but a same-origin path", async () => {
    const { app, database } = await getTestContext();
    for (const value of UNSAFE) {
      const browser = new TestBrowser(app);
      const started = await browser.request(`/api/v1/auth/bank?redirectTo=${encodeURIComponent(value)}`);
      // Some control characters in a URL are refused at the door (ADR 027): no round trip at all.
      if (started.status === 400 && /\p{Cc}/u.test(value)) {
        expect(browser.cookie("bank_flow"), value).toBeUndefined();
        continue;
      }
      expect(started.status, value).toBe(302);
      const flowId = browser.cookie("bank_flow")!;
      expect(await flowTargets(database.db, [hashFlowId(flowId)]), value).toEqual([
        { idHash: hashFlowId(flowId), redirectTo: "/" },
      ]);
    }
  });

  it("the identity import refuses it with 400 and opens no round trip", async () => {
    const { database } = await getTestContext();
    const app = await appWith({ FEATURE_ALFA_ID: "1" });
    const { cookie } = await createSession(database.db);
    for (const redirectTo of UNSAFE) {
      const response = await app.request(`${TEST_ORIGIN}/api/user/external/profile`, {
        method: "POST",
        headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ redirectTo }),
      });
      expect(response.status, JSON.stringify(redirectTo)).toBe(400);
      expect(response.headers.getSetCookie(), redirectTo).toEqual([]);
    }
  });
});
