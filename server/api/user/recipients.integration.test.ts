import { describe, expect, it } from "vitest";
import { FULL_NAME_MAX_LENGTH, MAX_RECIPIENTS, recipientMessages } from "#contract/address-book.ts";
import { messages } from "#contract/validation.ts";
import { defaultRecipientCount } from "#tests/fixtures/address-book-data.ts";
import { callApi, newShopper, readJson } from "#tests/fixtures/api-call.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

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

const anna = { fullName: "Смирнова Анна Сергеевна", phone: "+7 (916) 123-45-67", email: "anna@example.ru" };
const ivan = { fullName: "Петров Иван", phone: "+79031234567" };

async function create(cookie: string, body: unknown) {
  return readJson<RecipientJson>(await callApi(BASE, { method: "POST", cookie, body }), 201);
}

async function list(cookie: string) {
  return readJson<{ items: RecipientJson[]; limit: number }>(await callApi(BASE, { cookie }));
}

const order = (items: RecipientJson[]) => items.map((r) => [r.id, r.isDefault]);

async function fieldErrors(response: Response): Promise<Record<string, string>> {
  const body = await readJson<{ code: string; fields: { field: string; message: string }[] }>(response, 400);
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
      const response = await callApi(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ code: "not_signed_in" });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe("POST and GET /api/v1/user/recipients", () => {
  it("saves recipients: the name split, the phone in E.164; the first is the default", async () => {
    const me = await newShopper();
    const empty = await callApi(BASE, { cookie: me.cookie });
    expect(empty.headers.get("cache-control")).toBe("private, no-store");
    expect(await readJson(empty)).toEqual({ items: [], limit: MAX_RECIPIENTS });

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
    const me = await newShopper();
    const post = (body: unknown) => callApi(BASE, { method: "POST", cookie: me.cookie, body });
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
    const me = await newShopper();
    const responses = await Promise.all(
      Array.from({ length: MAX_RECIPIENTS + 5 }, () =>
        callApi(BASE, { method: "POST", cookie: me.cookie, body: ivan }),
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
    const me = await newShopper();
    const response = await callApi(BASE, {
      method: "POST",
      cookie: me.cookie,
      body: anna,
      origin: "https://evil.example",
    });
    expect(await readJson(response, 403)).toMatchObject({ code: "cross_origin" });
    expect((await list(me.cookie)).items).toEqual([]);
  });
});

describe("PUT and DELETE /api/v1/user/recipients/{id}", () => {
  it("edits a recipient and validates like POST", async () => {
    const me = await newShopper();
    const saved = await create(me.cookie, anna);
    const edited = await readJson<RecipientJson>(
      await callApi(`${BASE}/${saved.id}`, {
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
        await callApi(`${BASE}/${saved.id}`, {
          method: "PUT",
          cookie: me.cookie,
          body: { ...anna, phone: "" },
        }),
      ),
    ).toEqual({ phone: messages.required });
  });

  it("deletes; when the default goes, the newest remaining one becomes the default", async () => {
    const me = await newShopper();
    const a = await create(me.cookie, anna);
    const b = await create(me.cookie, ivan);
    const c = await create(me.cookie, ivan);
    expect((await callApi(`${BASE}/${b.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect(order((await list(me.cookie)).items)).toEqual([
      [a.id, true],
      [c.id, false],
    ]);
    expect((await callApi(`${BASE}/${a.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect(order((await list(me.cookie)).items)).toEqual([[c.id, true]]);
    expect((await callApi(`${BASE}/${c.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect((await list(me.cookie)).items).toEqual([]);
    expect(
      await readJson(await callApi(`${BASE}/${c.id}`, { method: "DELETE", cookie: me.cookie }), 404),
    ).toMatchObject({
      code: "recipient_not_found",
      message: recipientMessages.notFound,
    });
  });
});

describe("PUT /api/v1/user/recipients/{id}/default", () => {
  it("makes one recipient the default and the others not", async () => {
    const me = await newShopper();
    const a = await create(me.cookie, anna);
    const b = await create(me.cookie, ivan);
    expect(
      await readJson(await callApi(`${BASE}/${b.id}/default`, { method: "PUT", cookie: me.cookie })),
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
    const me = await newShopper();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(me.cookie, ivan)).id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callApi(`${BASE}/${ids[i % ids.length]}/default`, { method: "PUT", cookie: me.cookie }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const { database } = await getTestContext();
    expect(await defaultRecipientCount(database.db, me.userId)).toBe(1);
  });
});

describe("another shopper's recipient", () => {
  it("is a 404 to change, make default or delete, and stays as it was", async () => {
    const owner = await newShopper();
    const stranger = await newShopper();
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
      const response = await callApi(path, { method, cookie: stranger.cookie, body });
      expect(await readJson(response, 404), `${method} ${path}`).toMatchObject({
        code: "recipient_not_found",
        message: recipientMessages.notFound,
      });
    }
    expect(await list(owner.cookie)).toEqual(before);
    expect((await list(stranger.cookie)).items.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
