import { describe, expect, it } from "vitest";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService } from "#server/domain/identity/service.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";

const origin = "http://localhost";

describe("GET /api/v1/user/profile", () => {
  it("answers 401 not_signed_in without a session, with a malformed one and with a made-up one", async () => {
    const { app } = await getTestContext();
    for (const cookie of [undefined, "sid=garbage", `sid=${"A".repeat(43)}`]) {
      const response = await app.request(`${origin}/api/v1/user/profile`, {
        headers: cookie ? { cookie } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "not_signed_in", type: "unauthorized" });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("answers the signed-in shopper's own profile, never cached", async () => {
    const { app, database } = await getTestContext();
    const me = await createSession(database.db, { user: { name: "Анна", surname: "Смирнова" } });
    const other = await createSession(database.db, { user: { name: "Пётр", surname: "Иванов" } });
    const response = await app.request(`${origin}/api/v1/user/profile`, { headers: { cookie: me.cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: String(me.userId), name: "Анна Смирнова" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const theirs = await app.request(`${origin}/api/v1/user/profile`, { headers: { cookie: other.cookie } });
    expect(await theirs.json()).toEqual({ id: String(other.userId), name: "Пётр Иванов" });
  });

  it("greets a shopper with no name by phone, and forgets a revoked session", async () => {
    const { app, database } = await getTestContext();
    const session = await createSession(database.db, { user: { name: null, surname: null } });
    const response = await app.request(`${origin}/api/v1/user/profile`, {
      headers: { cookie: session.cookie },
    });
    expect((await response.json()).name).toMatch(/^\+79\d{9}$/);
    await createIdentityService(createIdentityRepository(database.db)).revokeSession(session.token);
    const after = await app.request(`${origin}/api/v1/user/profile`, { headers: { cookie: session.cookie } });
    expect(after.status).toBe(401);
  });

  it("reads the __Host- cookie on https and ignores the plain one there", async () => {
    const { app, database } = await getTestContext();
    const session = await createSession(database.db);
    const secure = await app.request("https://vitrina.example/api/v1/user/profile", {
      headers: { cookie: `__Host-sid=${session.token}` },
    });
    expect(secure.status).toBe(200);
    const plain = await app.request("https://vitrina.example/api/v1/user/profile", {
      headers: { cookie: `sid=${session.token}` },
    });
    expect(plain.status).toBe(401);
  });
});

describe("POST /api/user/external/profile", () => {
  it("asks an anonymous shopper to sign in, and answers 404 while the alfaId feature is off", async () => {
    const { app, database } = await getTestContext();
    const request = (cookie?: string) =>
      app.request(`${origin}/api/user/external/profile`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ redirectTo: "/personal/profile" }),
      });
    expect((await request()).status).toBe(401);
    const { cookie } = await createSession(database.db);
    const signedIn = await request(cookie);
    expect(signedIn.status).toBe(404);
    expect(await signedIn.json()).toMatchObject({ type: "not_found" });
  });

  it("takes a same-origin path only as redirectTo", async () => {
    const { database } = await getTestContext();
    // The feature on: a good path gets the bank's consent screen (ADR 030).
    const app = await appWith({ FEATURE_ALFA_ID: "1" });
    const { cookie } = await createSession(database.db);
    const request = (redirectTo: string) =>
      app.request(`${origin}/api/user/external/profile`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ redirectTo }),
      });
    for (const redirectTo of [
      "//evil",
      "/\\evil",
      "https://evil",
      "javascript:alert(1)",
      "/\t/evil",
      "/.//evil",
    ]) {
      const res = await request(redirectTo);
      expect(res.status, redirectTo).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "invalid_parameters",
        fields: [{ field: "body.redirectTo", message: "Адрес возврата должен быть путём на этом сайте" }],
      });
    }
    const good = await request("/personal/orders?tab=completed");
    expect(good.status).toBe(200);
    expect(new URL((await good.json()).redirect_url).pathname).toBe("/bank/auth");
  });
});
