import { describe, expect, it } from "vitest";
import { FULL_NAME_MAX_LENGTH, MAX_RECIPIENTS, recipientMessages } from "#contract/address-book.ts";
import { messages } from "#contract/validation.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { defaultRecipientCount } from "#tests/fixtures/address-book-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const origin = "http://localhost";
const BASE = "/api/v1/user/recipients";

interface RecipientJson {
  id: number;
  fullName: string;
  surname: string;
  name: string;
  patronymic: string | null;
  phone: string;
  email: string | null;
  isDefault: boolean;
}

async function call(
  path: string,
  init: { method?: string; cookie?: string; body?: unknown; origin?: string | null } = {},
) {
  const { app } = await getTestContext();
  const method = init.method ?? "GET";
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  const sentOrigin = init.origin === undefined ? (method === "GET" ? null : origin) : init.origin;
  if (sentOrigin) headers.origin = sentOrigin;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return app.request(`${origin}${path}`, {
    method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function shopper() {
  const { database } = await getTestContext();
  return createSession(database.db);
}

const anna = { fullName: "Смирнова Анна Сергеевна", phone: "+7 (916) 123-45-67", email: "anna@example.ru" };
const ivan = { fullName: "Петров Иван", phone: "+79031234567" };

async function create(cookie: string, body: unknown) {
  return json<RecipientJson>(await call(BASE, { method: "POST", cookie, body }), 201);
}

async function list(cookie: string) {
  return json<{ items: RecipientJson[]; limit: number }>(await call(BASE, { cookie }));
}

const order = (items: RecipientJson[]) => items.map((r) => [r.id, r.isDefault]);

async function fieldErrors(response: Response): Promise<Record<string, string>> {
  const body = await json<{ code: string; fields: { field: string; message: string }[] }>(response, 400);
  expect(body.code).toBe("invalid_parameters");
  return Object.fromEntries(body.fields.map((f) => [f.field.replace(/^body\./, ""), f.message]));
}

describe("recipients when signed out", () => {
  it("answers 401 not_signed_in to every endpoint, never cached", async () => {
    const cases: [string, string, unknown?][] = [
      ["GET", BASE],
      ["POST", BASE, anna],
      ["PUT", `${BASE}/1`, anna],
      ["DELETE", `${BASE}/1`],
      ["PUT", `${BASE}/1/default`],
    ];
    for (const [method, path, body] of cases) {
      const response = await call(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ code: "not_signed_in" });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe("POST and GET /api/v1/user/recipients", () => {
  it("saves recipients: the name split, the phone in E.164; the first is the default", async () => {
    const me = await shopper();
    const empty = await call(BASE, { cookie: me.cookie });
    expect(empty.headers.get("cache-control")).toBe("private, no-store");
    expect(await json(empty)).toEqual({ items: [], limit: MAX_RECIPIENTS });

    const first = await create(me.cookie, anna);
    expect(first).toMatchObject({
      fullName: "Смирнова Анна Сергеевна",
      surname: "Смирнова",
      name: "Анна",
      patronymic: "Сергеевна",
      phone: "+79161234567",
      email: "anna@example.ru",
      isDefault: true,
    });
    const second = await create(me.cookie, { ...ivan, email: "" });
    expect(second).toMatchObject({
      fullName: "Петров Иван",
      patronymic: null,
      email: null,
      isDefault: false,
    });
    const third = await create(me.cookie, { ...ivan, fullName: "Петрова Мария", isDefault: true });
    expect(third.isDefault).toBe(true);
    // The default first, then the newest.
    expect(order((await list(me.cookie)).items)).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);
  });

  it("shows the spec's validation messages verbatim and saves nothing", async () => {
    const me = await shopper();
    const post = (body: unknown) => call(BASE, { method: "POST", cookie: me.cookie, body });
    expect(await fieldErrors(await post({}))).toEqual({
      fullName: messages.required,
      phone: messages.required,
    });
    expect(await fieldErrors(await post({ ...anna, fullName: "Анна" }))).toEqual({
      fullName: messages.fullName,
    });
    expect(await fieldErrors(await post({ ...anna, fullName: "Anna Smirnova" }))).toEqual({
      fullName: messages.fullName,
    });
    expect(await fieldErrors(await post({ ...anna, phone: "+7 (916) 123-45" }))).toEqual({
      phone: messages.phone,
    });
    expect(await fieldErrors(await post({ ...anna, email: "anna@" }))).toEqual({ email: messages.email });
    expect(
      await fieldErrors(await post({ ...anna, fullName: `${"Я".repeat(FULL_NAME_MAX_LENGTH)} Я` })),
    ).toEqual({ fullName: recipientMessages.fullNameTooLong });
    expect((await list(me.cookie)).items).toEqual([]);
  });

  it(`keeps at most ${MAX_RECIPIENTS}: the next is a 409 with a Russian message, also when sent at once`, async () => {
    const me = await shopper();
    const responses = await Promise.all(
      Array.from({ length: MAX_RECIPIENTS + 5 }, () =>
        call(BASE, { method: "POST", cookie: me.cookie, body: ivan }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(MAX_RECIPIENTS);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(await refused[0]!.json()).toMatchObject({
      code: "recipient_limit",
      message: recipientMessages.limit,
    });
    const { items } = await list(me.cookie);
    expect(items).toHaveLength(MAX_RECIPIENTS);
    expect(items.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("refuses a cross-origin write with 403", async () => {
    const me = await shopper();
    const response = await call(BASE, {
      method: "POST",
      cookie: me.cookie,
      body: anna,
      origin: "https://evil.example",
    });
    expect(await json(response, 403)).toMatchObject({ code: "cross_origin" });
    expect((await list(me.cookie)).items).toEqual([]);
  });
});

describe("PUT and DELETE /api/v1/user/recipients/{id}", () => {
  it("edits a recipient and validates like POST", async () => {
    const me = await shopper();
    const saved = await create(me.cookie, anna);
    const edited = await json<RecipientJson>(
      await call(`${BASE}/${saved.id}`, {
        method: "PUT",
        cookie: me.cookie,
        body: { fullName: "Смирнова-Петрова Анна", phone: "+7 (999) 000-11-22", email: null },
      }),
    );
    expect(edited).toMatchObject({
      id: saved.id,
      surname: "Смирнова-Петрова",
      name: "Анна",
      patronymic: null,
      phone: "+79990001122",
      email: null,
      isDefault: true,
    });
    expect(
      await fieldErrors(
        await call(`${BASE}/${saved.id}`, { method: "PUT", cookie: me.cookie, body: { ...anna, phone: "" } }),
      ),
    ).toEqual({ phone: messages.required });
  });

  it("deletes; when the default goes, the newest remaining one becomes the default", async () => {
    const me = await shopper();
    const a = await create(me.cookie, anna);
    const b = await create(me.cookie, ivan);
    const c = await create(me.cookie, ivan);
    expect((await call(`${BASE}/${b.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect(order((await list(me.cookie)).items)).toEqual([
      [a.id, true],
      [c.id, false],
    ]);
    expect((await call(`${BASE}/${a.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect(order((await list(me.cookie)).items)).toEqual([[c.id, true]]);
    expect((await call(`${BASE}/${c.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect((await list(me.cookie)).items).toEqual([]);
    expect(
      await json(await call(`${BASE}/${c.id}`, { method: "DELETE", cookie: me.cookie }), 404),
    ).toMatchObject({
      code: "recipient_not_found",
      message: recipientMessages.notFound,
    });
  });
});

describe("PUT /api/v1/user/recipients/{id}/default", () => {
  it("makes one recipient the default and the others not", async () => {
    const me = await shopper();
    const a = await create(me.cookie, anna);
    const b = await create(me.cookie, ivan);
    expect(
      await json(await call(`${BASE}/${b.id}/default`, { method: "PUT", cookie: me.cookie })),
    ).toMatchObject({
      id: b.id,
      isDefault: true,
    });
    expect(order((await list(me.cookie)).items)).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  it("leaves exactly one default after 50 simultaneous requests", async () => {
    const me = await shopper();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(me.cookie, ivan)).id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(`${BASE}/${ids[i % ids.length]}/default`, { method: "PUT", cookie: me.cookie }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const { database } = await getTestContext();
    expect(await defaultRecipientCount(database.db, me.userId)).toBe(1);
  });
});

describe("another shopper's recipient", () => {
  it("is a 404 to change, make default or delete, and stays as it was", async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const mine = await create(owner.cookie, anna);
    await create(stranger.cookie, ivan);
    const before = await list(owner.cookie);
    expect((await list(stranger.cookie)).items.map((r) => r.id)).not.toContain(mine.id);
    const attempts: [string, string, unknown?][] = [
      ["PUT", `${BASE}/${mine.id}`, ivan],
      ["PUT", `${BASE}/${mine.id}/default`],
      ["DELETE", `${BASE}/${mine.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(path, { method, cookie: stranger.cookie, body });
      expect(await json(response, 404), `${method} ${path}`).toMatchObject({
        code: "recipient_not_found",
        message: recipientMessages.notFound,
      });
    }
    expect(await list(owner.cookie)).toEqual(before);
    expect((await list(stranger.cookie)).items.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
