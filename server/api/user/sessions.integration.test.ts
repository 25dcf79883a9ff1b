import { describe, expect, it } from "vitest";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService } from "#server/domain/identity/service.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { createUser } from "#tests/factories/users.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const origin = "http://localhost";
const DAY_MS = 24 * 60 * 60 * 1000;

async function call(path: string, init: { method?: string; cookie?: string; origin?: string } = {}) {
  const { app } = await getTestContext();
  return app.request(`${origin}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.origin ? { origin: init.origin } : {}),
    },
  });
}

/** A session opened `daysAgo` days ago through the identity service on a clock set back that far. */
async function sessionStartedDaysAgo(daysAgo: number) {
  const { database } = await getTestContext();
  const user = await createUser(database.db);
  const started = Date.now() - daysAgo * DAY_MS;
  const identity = (at: number) =>
    createIdentityService(createIdentityRepository(database.db), () => new Date(at));
  const { token } = await identity(started).startSession(user.id);
  return { token, cookie: `sid=${token}`, started, identity };
}

describe("GET /api/v1/user/me", () => {
  it("answers 401 not_signed_in when signed out, never cached", async () => {
    const response = await call("/api/v1/user/me");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "not_signed_in" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers the signed-in user's own account, never cached", async () => {
    const { database } = await getTestContext();
    const me = await createSession(database.db, {
      user: { surname: "Смирнова", name: "Анна", patronymic: "Сергеевна", email: "anna@example.ru" },
    });
    const response = await call("/api/v1/user/me", { cookie: me.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body).toEqual({
      id: String(me.userId),
      phone: expect.stringMatching(/^\+79\d{9}$/),
      surname: "Смирнова",
      name: "Анна",
      patronymic: "Сергеевна",
      email: "anna@example.ru",
      roles: ["shopper"],
    });
  });

  it("ends a session 30 days after its last use (idle expiry)", async () => {
    const idle = await sessionStartedDaysAgo(31);
    expect((await call("/api/v1/user/me", { cookie: idle.cookie })).status).toBe(401);
    const fresh = await sessionStartedDaysAgo(29);
    expect((await call("/api/v1/user/me", { cookie: fresh.cookie })).status).toBe(200);
  });

  it("ends a session 90 days after sign-in however often it is used (absolute expiry)", async () => {
    const session = await sessionStartedDaysAgo(91);
    // Used every 29 days, the idle expiry slides, but never past the absolute one.
    for (const day of [29, 58, 87]) {
      expect(
        await session.identity(session.started + day * DAY_MS).resolveSession(session.token),
      ).toBeDefined();
    }
    expect((await call("/api/v1/user/me", { cookie: session.cookie })).status).toBe(401);
  });
});

describe("POST /api/v1/auth/sign-out", () => {
  it("revokes the session server-side, clears the cookie and answers 204", async () => {
    const { database } = await getTestContext();
    const me = await createSession(database.db);
    const response = await call("/api/v1/auth/sign-out", { method: "POST", cookie: me.cookie, origin });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^sid=;.*Max-Age=0/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // The copied cookie is dead too, not only forgotten by this browser.
    expect((await call("/api/v1/user/me", { cookie: me.cookie })).status).toBe(401);
  });

  it("is idempotent: signed out or signed out already, still 204", async () => {
    const { database } = await getTestContext();
    const me = await createSession(database.db);
    expect((await call("/api/v1/auth/sign-out", { method: "POST", origin })).status).toBe(204);
    for (let i = 0; i < 2; i++) {
      expect(
        (await call("/api/v1/auth/sign-out", { method: "POST", cookie: me.cookie, origin })).status,
      ).toBe(204);
    }
  });

  it("refuses a cross-origin call with 403 and keeps the session", async () => {
    const { database } = await getTestContext();
    const me = await createSession(database.db);
    const response = await call("/api/v1/auth/sign-out", {
      method: "POST",
      cookie: me.cookie,
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "cross_origin" });
    expect((await call("/api/v1/user/me", { cookie: me.cookie })).status).toBe(200);
  });
});

describe("the devices list", () => {
  async function threeDevices() {
    const { database } = await getTestContext();
    const phone = await createSession(database.db, { userAgent: "Phone browser" });
    const laptop = await createSession(database.db, { userId: phone.userId, userAgent: "Laptop browser" });
    const tablet = await createSession(database.db, { userId: phone.userId, userAgent: "Tablet browser" });
    const stranger = await createSession(database.db, { userAgent: "Stranger's browser" });
    return { phone, laptop, tablet, stranger };
  }

  async function devices(cookie: string) {
    const response = await call("/api/v1/user/sessions", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return ((await response.json()) as { items: { id: string; userAgent: string; current: boolean }[] })
      .items;
  }

  it("answers 401 to every devices call when signed out", async () => {
    expect((await call("/api/v1/user/sessions")).status).toBe(401);
    expect((await call("/api/v1/user/sessions/others", { method: "DELETE", origin })).status).toBe(401);
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await call(`/api/v1/user/sessions/${id}`, { method: "DELETE", origin })).status).toBe(401);
  });

  it("lists the user's own live sessions by public id, marking the current one", async () => {
    const { phone, tablet } = await threeDevices();
    const { database } = await getTestContext();
    await createIdentityService(createIdentityRepository(database.db)).revokeSession(tablet.token);
    const items = await devices(phone.cookie);
    expect(items.map((item) => item.userAgent).sort()).toEqual(["Laptop browser", "Phone browser"]);
    expect(items.find((item) => item.current)?.userAgent).toBe("Phone browser");
    for (const item of items) {
      expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(item)).not.toContain(phone.token);
      expect(item).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    }
  });

  it("signs out of all other devices and keeps this one", async () => {
    const { phone, laptop, tablet, stranger } = await threeDevices();
    const response = await call("/api/v1/user/sessions/others", {
      method: "DELETE",
      cookie: phone.cookie,
      origin,
    });
    expect(response.status).toBe(204);
    expect((await call("/api/v1/user/me", { cookie: phone.cookie })).status).toBe(200);
    expect((await call("/api/v1/user/me", { cookie: laptop.cookie })).status).toBe(401);
    expect((await call("/api/v1/user/me", { cookie: tablet.cookie })).status).toBe(401);
    expect((await call("/api/v1/user/me", { cookie: stranger.cookie })).status).toBe(200);
    expect((await devices(phone.cookie)).map((item) => item.current)).toEqual([true]);
  });

  it("signs out of one own device; another user's id, a made-up one or a gone one answer 404", async () => {
    const { phone, laptop, stranger } = await threeDevices();
    const laptopId = (await devices(laptop.cookie)).find((item) => item.current)!.id;
    const strangerId = (await devices(stranger.cookie))[0]!.id;
    const remove = (id: string) =>
      call(`/api/v1/user/sessions/${id}`, { method: "DELETE", cookie: phone.cookie, origin });
    const theirs = await remove(strangerId);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: "not_found" });
    expect((await call("/api/v1/user/me", { cookie: stranger.cookie })).status).toBe(200);
    expect((await remove("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await remove("not-a-uuid")).status).toBe(404);
    expect((await remove(laptopId)).status).toBe(204);
    expect((await call("/api/v1/user/me", { cookie: laptop.cookie })).status).toBe(401);
    expect((await remove(laptopId)).status).toBe(404);
  });

  it("refuses cross-origin deletions with 403", async () => {
    const { phone, laptop } = await threeDevices();
    const evil = "https://evil.example";
    expect(
      (await call("/api/v1/user/sessions/others", { method: "DELETE", cookie: phone.cookie, origin: evil }))
        .status,
    ).toBe(403);
    const laptopId = (await devices(laptop.cookie)).find((item) => item.current)!.id;
    expect(
      (
        await call(`/api/v1/user/sessions/${laptopId}`, {
          method: "DELETE",
          cookie: phone.cookie,
          origin: evil,
        })
      ).status,
    ).toBe(403);
    expect((await call("/api/v1/user/me", { cookie: laptop.cookie })).status).toBe(200);
  });
});
