import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createProfileRepository } from "#server/domain/profile/repository.ts";
import { createLogger } from "#server/logger.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { createUser } from "#tests/factories/users.ts";
import { freshIp, freshPhone, maskedPhone } from "#tests/fixtures/phone-sign-in-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// PUT /api/v1/user/profile and the phone change (ADR 033): the spec's messages per field, the session's own
// account only, the Origin check, no-store, and a number another account holds refused without a word
// about that account.

const origin = "http://localhost";
const REQUIRED = "Поле обязательно к заполнению";
const CYRILLIC = "В поле должна использоваться только кириллица";
const EMAIL = "Неверный формат email";
const PHONE = "Заполните номер телефона полностью";

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { lazyConnect: true }) : undefined;
afterAll(() => redis?.disconnect());

/**
 * An app of its own whose code limits count a fresh client address (the header, trusted here), so this
 * file's code requests never meet another file's budget.
 */
async function profileApp() {
  const { database } = await getTestContext();
  const services = createServices(database.db, { phoneSignIn: { redis } });
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "1" }),
    services,
    logger: createLogger("silent"),
    checks: {},
  });
  const ip = freshIp();
  const call = (
    method: string,
    path: string,
    init: { cookie?: string; body?: unknown; origin?: string | null } = {},
  ) =>
    app.request(`${origin}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ip,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.origin === null ? {} : { origin: init.origin ?? origin }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  return {
    database,
    call,
    async codeFor(phone: string): Promise<{ code: string; text: string }> {
      const [message] = await services.phoneCodes.outbox(phone, 1);
      return { code: /\d{6}/.exec(message?.text ?? "")![0], text: message!.text };
    },
    async stored(userId: number) {
      return (await services.identity.userById(userId))!;
    },
  };
}

const profile = { surname: "Смирнова", name: "Анна", patronymic: "Сергеевна", email: "anna@example.ru" };

describe("PUT /api/v1/user/profile", () => {
  it("saves the signed-in shopper's name and email, trimmed, and /me answers them; never cached", async () => {
    const { call, database } = await profileApp();
    const me = await createSession(database.db, { user: { surname: "Старая", name: "Фамилия" } });
    const response = await call("PUT", "/api/v1/user/profile", {
      cookie: me.cookie,
      body: { surname: " Смирнова ", name: "Анна", patronymic: "Сергеевна", email: " anna@example.ru " },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body).toEqual({
      id: String(me.userId),
      phone: expect.stringMatching(/^\+79\d{9}$/),
      ...profile,
      roles: ["shopper"],
    });
    const after = await call("GET", "/api/v1/user/me", { cookie: me.cookie });
    expect(await after.json()).toEqual(body);
    // The header's greeting follows.
    const greeting = await call("GET", "/api/v1/user/profile", { cookie: me.cookie });
    expect(await greeting.json()).toEqual({ id: String(me.userId), name: "Анна Смирнова" });
  });

  it("stores an empty patronymic and email as none", async () => {
    const { call, database, stored } = await profileApp();
    const me = await createSession(database.db);
    const response = await call("PUT", "/api/v1/user/profile", {
      cookie: me.cookie,
      body: { surname: "Ким", name: "Ли", patronymic: "", email: "  " },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ patronymic: null, email: null });
    expect(await stored(me.userId)).toMatchObject({
      surname: "Ким",
      name: "Ли",
      patronymic: null,
      email: null,
    });
  });

  it("answers 400 with the spec's message on each offending field and changes nothing", async () => {
    const { call, database, stored } = await profileApp();
    const me = await createSession(database.db, { user: profile });
    const before = await stored(me.userId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { ...profile, surname: "", name: "   " },
        { "body.surname": REQUIRED, "body.name": REQUIRED },
      ],
      [
        { patronymic: "", email: "" },
        { "body.surname": REQUIRED, "body.name": REQUIRED },
      ],
      [
        { ...profile, surname: "Smirnova", name: "Анна1", patronymic: "Sergeevna" },
        { "body.surname": CYRILLIC, "body.name": CYRILLIC, "body.patronymic": CYRILLIC },
      ],
      [{ ...profile, email: "anna@" }, { "body.email": EMAIL }],
      [{ ...profile, email: "anna example.ru" }, { "body.email": EMAIL }],
      [{ ...profile, name: "А".repeat(61) }, { "body.name": "Не больше 60 символов" }],
    ];
    for (const [body, expected] of cases) {
      const response = await call("PUT", "/api/v1/user/profile", { cookie: me.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const error = await response.json();
      expect(error).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
      const fields = Object.fromEntries(
        (error.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
      );
      expect(fields, JSON.stringify(body)).toEqual(expected);
    }
    expect(await stored(me.userId)).toEqual(before);
  });

  it("answers 401 when signed out", async () => {
    const { call } = await profileApp();
    const response = await call("PUT", "/api/v1/user/profile", { body: profile });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "not_signed_in" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses a cross-origin call with 403 and changes nothing", async () => {
    const { call, database, stored } = await profileApp();
    const me = await createSession(database.db, { user: profile });
    const before = await stored(me.userId);
    const response = await call("PUT", "/api/v1/user/profile", {
      cookie: me.cookie,
      origin: "https://evil.example",
      body: { ...profile, surname: "Взломова" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "cross_origin" });
    expect(await stored(me.userId)).toEqual(before);
  });

  it("changes only the session's own account, whatever ids or phone the body names", async () => {
    const { call, database, stored } = await profileApp();
    const me = await createSession(database.db);
    const other = await createSession(database.db, { user: profile });
    const otherBefore = await stored(other.userId);
    const myPhone = (await stored(me.userId)).phone;
    const response = await call("PUT", "/api/v1/user/profile", {
      cookie: me.cookie,
      body: {
        surname: "Петров",
        name: "Пётр",
        patronymic: "",
        email: "",
        id: String(other.userId),
        userId: other.userId,
        phone: otherBefore.phone,
        roles: ["admin"],
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: String(me.userId),
      phone: myPhone,
      roles: ["shopper"],
    });
    expect(await stored(other.userId)).toEqual(otherBefore);
    expect(await stored(me.userId)).toMatchObject({ surname: "Петров", phone: myPhone, roles: ["shopper"] });
  });

  it("allows two accounts one email (an email is not an identity)", async () => {
    const { call, database } = await profileApp();
    const email = `family-${randomInt(1e9)}@example.ru`;
    for (const _ of [1, 2]) {
      const me = await createSession(database.db);
      const response = await call("PUT", "/api/v1/user/profile", {
        cookie: me.cookie,
        body: { ...profile, email },
      });
      expect(response.status).toBe(200);
    }
  });
});

describe("the phone change: POST /api/v1/user/phone/code, PUT /api/v1/user/phone", () => {
  it("texts a code to the new number and moves the account to it once the code is given", async () => {
    const { call, database, codeFor, stored } = await profileApp();
    const me = await createSession(database.db, { user: profile });
    const phone = freshPhone();
    const sent = await call("POST", "/api/v1/user/phone/code", {
      cookie: me.cookie,
      body: { phone: maskedPhone(phone) },
    });
    expect(sent.status).toBe(202);
    expect(sent.headers.get("cache-control")).toBe("private, no-store");
    expect(await sent.json()).toEqual({ resendAfterS: 60, expiresInS: 300 });
    const { code, text } = await codeFor(phone);
    expect(text).toBe(`Код для смены номера в Витрине: ${code}. Никому его не сообщайте`);

    const changed = await call("PUT", "/api/v1/user/phone", {
      cookie: me.cookie,
      body: { phone: maskedPhone(phone), code },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("cache-control")).toBe("private, no-store");
    expect(await changed.json()).toMatchObject({ id: String(me.userId), phone, ...profile });
    expect((await stored(me.userId)).phone).toBe(phone);
    // The code is spent.
    const again = await call("PUT", "/api/v1/user/phone", {
      cookie: me.cookie,
      body: { phone: maskedPhone(phone), code },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "otp_expired" });
  });

  it("refuses a number another account holds after the code, saying nothing about that account", async () => {
    const { call, database, codeFor, stored } = await profileApp();
    const me = await createSession(database.db);
    const myPhone = (await stored(me.userId)).phone;
    const owner = await createUser(database.db, { surname: "Владелец", name: "Номера" });
    const freeNumber = freshPhone();

    // Asking for a code looks the same for a taken and a free number.
    const taken = await call("POST", "/api/v1/user/phone/code", {
      cookie: me.cookie,
      body: { phone: maskedPhone(owner.phone!) },
    });
    const free = await call("POST", "/api/v1/user/phone/code", {
      cookie: me.cookie,
      body: { phone: maskedPhone(freeNumber) },
    });
    expect([taken.status, free.status]).toEqual([202, 202]);
    expect(await taken.text()).toBe(await free.text());

    const { code } = await codeFor(owner.phone!);
    const refused = await call("PUT", "/api/v1/user/phone", {
      cookie: me.cookie,
      body: { phone: maskedPhone(owner.phone!), code },
    });
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body).toEqual({
      status: 409,
      type: "conflict",
      code: "phone_in_use",
      message: "Этот номер уже привязан к другой учётной записи. Укажите другой номер",
      fields: [{ field: "body.phone", message: body.message }],
    });
    const said = JSON.stringify(body);
    // The id as a number of its own: account 40 must not be found in the status 409.
    expect(said).not.toMatch(new RegExp(`\\b${owner.id}\\b`));
    for (const secret of ["Владелец", "Номера"]) expect(said).not.toContain(secret);
    expect((await stored(me.userId)).phone).toBe(myPhone);
    expect((await stored(owner.id)).phone).toBe(owner.phone);
  });

  it("binds a code to its purpose: a sign-in code changes no phone, a change code signs nobody in", async () => {
    const { call, database, codeFor, stored } = await profileApp();
    const me = await createSession(database.db);
    const myPhone = (await stored(me.userId)).phone;
    const first = freshPhone();
    await call("POST", "/api/v1/auth/phone/code", { body: { phone: first } });
    const signInCode = (await codeFor(first)).code;
    const wrong = await call("PUT", "/api/v1/user/phone", {
      cookie: me.cookie,
      body: { phone: maskedPhone(first), code: signInCode },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "otp_invalid" });
    expect((await stored(me.userId)).phone).toBe(myPhone);

    const second = freshPhone();
    await call("POST", "/api/v1/user/phone/code", {
      cookie: me.cookie,
      body: { phone: maskedPhone(second) },
    });
    const changeCode = (await codeFor(second)).code;
    const signIn = await call("POST", "/api/v1/auth/phone/confirm", {
      body: { phone: second, code: changeCode },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.headers.get("set-cookie")).toBeNull();
  });

  it("answers the spec's phone messages and refuses the account's own number", async () => {
    const { call, database, stored } = await profileApp();
    const me = await createSession(database.db);
    const myPhone = (await stored(me.userId)).phone!;
    const cases: [unknown, string][] = [
      [{ phone: "" }, REQUIRED],
      [{}, REQUIRED],
      [{ phone: "+7 (912) 345-67" }, PHONE],
      [{ phone: "+79123456789" }, PHONE],
      [{ phone: maskedPhone(myPhone) }, "Это ваш текущий номер"],
    ];
    for (const [body, message] of cases) {
      const response = await call("POST", "/api/v1/user/phone/code", { cookie: me.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).fields, JSON.stringify(body)).toEqual([
        { field: "body.phone", message },
      ]);
    }
    const noCode = await call("PUT", "/api/v1/user/phone", {
      cookie: me.cookie,
      body: { phone: maskedPhone(freshPhone()), code: "12345" },
    });
    expect((await noCode.json()).fields).toEqual([{ field: "body.code", message: "Код состоит из 6 цифр" }]);
  });

  it("answers 401 when signed out and 403 across origins, texting nothing", async () => {
    const { call, database, codeFor } = await profileApp();
    const me = await createSession(database.db);
    const phone = freshPhone();
    const signedOut = await call("POST", "/api/v1/user/phone/code", { body: { phone: maskedPhone(phone) } });
    expect(signedOut.status).toBe(401);
    const cross = await call("POST", "/api/v1/user/phone/code", {
      cookie: me.cookie,
      origin: "https://evil.example",
      body: { phone: maskedPhone(phone) },
    });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ code: "cross_origin" });
    await expect(codeFor(phone)).rejects.toThrow();
    const change = await call("PUT", "/api/v1/user/phone", {
      body: { phone: maskedPhone(phone), code: "123456" },
    });
    expect(change.status).toBe(401);
    const crossChange = await call("PUT", "/api/v1/user/phone", {
      cookie: me.cookie,
      origin: "https://evil.example",
      body: { phone: maskedPhone(phone), code: "123456" },
    });
    expect(crossChange.status).toBe(403);
  });
});

describe("two accounts racing for one number", () => {
  it("gives it to exactly one of them (the unique index decides)", async () => {
    const { database } = await getTestContext();
    const repository = createProfileRepository(database.db);
    const racers = await Promise.all(Array.from({ length: 8 }, () => createUser(database.db)));
    const phone = freshPhone();
    const results = await Promise.all(racers.map((user) => repository.setPhone(user.id, phone)));
    expect(results.filter((r) => r === "taken")).toHaveLength(racers.length - 1);
    const winners = results.filter((r) => typeof r === "object");
    expect(winners).toHaveLength(1);
    const identity = createServices(database.db).identity;
    const phones = await Promise.all(racers.map(async (user) => (await identity.userById(user.id))!.phone));
    expect(phones.filter((p) => p === phone)).toHaveLength(1);
    const winner = racers[phones.indexOf(phone)]!;
    expect((winners[0] as { id: number }).id).toBe(winner.id);
  });
});
