import { describe, expect, it } from "vitest";
import { addressMessages, MAX_ADDRESSES } from "#contract/address-book.ts";
import { messages } from "#contract/validation.ts";
import { selectedAddressCount, twoCitiesWithPoints } from "#tests/fixtures/address-book-data.ts";
import { callApi, newShopper, readJson } from "#tests/fixtures/api-call.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const BASE = "/api/v1/user/address";

interface AddressJson {
  id: number;
  type: "courier" | "pickup";
  selected: boolean;
  city: { id: number; name: string } | null;
  address: string;
  entrance: string | null;
  floor: string | null;
  flat: string | null;
  intercom: string | null;
  comment: string | null;
  latitude: number | null;
  longitude: number | null;
  pickupPoint: { id: number; cityId: number; name: string; address: string } | null;
}

/** Two cities of the seed with pickup points. */
async function geo() {
  const { database } = await getTestContext();
  return twoCitiesWithPoints(database.db);
}

const courierBody = (cityId: number, extra: Record<string, unknown> = {}) => ({
  type: "courier",
  cityId,
  address: "ул. Ленина, 5",
  ...extra,
});

async function create(cookie: string, body: unknown) {
  return readJson<AddressJson>(await callApi(BASE, { method: "POST", cookie, body }), 201);
}

async function list(cookie: string) {
  return readJson<{ items: AddressJson[]; deliveryType: string; limit: number }>(
    await callApi(BASE, { cookie }),
  );
}

/** The fields of a 400, by name without the `body.` prefix. */
async function fieldErrors(response: Response): Promise<Record<string, string>> {
  const body = await readJson<{ code: string; fields: { field: string; message: string }[] }>(response, 400);
  expect(body.code).toBe("invalid_parameters");
  return Object.fromEntries(body.fields.map((f) => [f.field.replace(/^body\./, ""), f.message]));
}

describe("addresses when signed out", () => {
  it("answers 401 not_signed_in to every endpoint, never cached", async () => {
    const cases: [string, string, unknown?][] = [
      ["GET", BASE],
      ["POST", BASE, courierBody(1)],
      ["GET", `${BASE}/selected`],
      ["PUT", `${BASE}/type`, { type: "pickup" }],
      ["GET", `${BASE}/pickup-points?cityId=1`],
      ["PUT", `${BASE}/1`, courierBody(1)],
      ["DELETE", `${BASE}/1`],
      ["PUT", `${BASE}/1/selected`],
    ];
    for (const [method, path, body] of cases) {
      const response = await callApi(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ code: "not_signed_in" });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});

describe("GET /api/v1/user/address and /selected", () => {
  it("answer an empty book with the default delivery type, never cached", async () => {
    const me = await newShopper();
    const response = await callApi(BASE, { cookie: me.cookie });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await readJson(response)).toEqual({ items: [], deliveryType: "courier", limit: MAX_ADDRESSES });
    expect(await readJson(await callApi(`${BASE}/selected`, { cookie: me.cookie }))).toEqual({
      address: null,
      deliveryType: "courier",
    });
  });
});

describe("POST /api/v1/user/address", () => {
  it("saves a courier address; the first one is selected, the next only when asked", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const home = await create(me.cookie, {
      ...courierBody(first.cityId),
      address: "  ул. Ленина, 5 ",
      entrance: "2",
      floor: "5",
      flat: "12",
      intercom: "12К",
      comment: "Позвоните за час",
      latitude: 55.75,
      longitude: 37.61,
    });
    expect(home).toMatchObject({
      type: "courier",
      selected: true,
      city: { id: first.cityId },
      address: "ул. Ленина, 5",
      entrance: "2",
      floor: "5",
      flat: "12",
      intercom: "12К",
      comment: "Позвоните за час",
      latitude: 55.75,
      longitude: 37.61,
      pickupPoint: null,
    });
    const work = await create(me.cookie, courierBody(first.cityId, { address: "Тверская, 1", entrance: "" }));
    expect(work).toMatchObject({ selected: false, entrance: null });
    const dacha = await create(
      me.cookie,
      courierBody(first.cityId, { address: "СНТ Берёзка, 7", selected: true }),
    );
    expect(dacha.selected).toBe(true);
    // The selected one first, then the newest.
    const book = await list(me.cookie);
    expect(book.items.map((a) => [a.id, a.selected])).toEqual([
      [dacha.id, true],
      [work.id, false],
      [home.id, false],
    ]);
    expect(
      (await readJson<{ address: AddressJson }>(await callApi(`${BASE}/selected`, { cookie: me.cookie })))
        .address.id,
    ).toBe(dacha.id);
  });

  it("saves a pickup address from its point: the point's address, city and place", async () => {
    const { second } = await geo();
    const me = await newShopper();
    const saved = await create(me.cookie, {
      type: "pickup",
      pickupPointId: second.pointId,
      address: "ignored",
    });
    expect(saved).toMatchObject({
      type: "pickup",
      selected: true,
      city: { id: second.cityId },
      pickupPoint: { id: second.pointId, cityId: second.cityId },
      entrance: null,
      comment: null,
    });
    expect(saved.address).toBe(saved.pickupPoint!.address);
    expect(saved.latitude).toEqual(expect.any(Number));
    // The first address's type is the delivery type checkout starts with.
    expect((await list(me.cookie)).deliveryType).toBe("pickup");
  });

  it("says what is wrong with each field, in Russian, and saves nothing", async () => {
    const { first } = await geo();
    const me = await newShopper();
    expect(
      await fieldErrors(
        await callApi(BASE, { method: "POST", cookie: me.cookie, body: { type: "courier" } }),
      ),
    ).toEqual({
      cityId: addressMessages.city,
      address: messages.required,
    });
    expect(
      await fieldErrors(
        await callApi(BASE, {
          method: "POST",
          cookie: me.cookie,
          body: courierBody(first.cityId, {
            address: "ул. Ленина",
            flat: "12345678901",
            comment: "я".repeat(501),
            latitude: 120,
            longitude: 0,
          }),
        }),
      ),
    ).toEqual({
      address: addressMessages.incomplete,
      flat: addressMessages.partTooLong,
      comment: addressMessages.commentTooLong,
      latitude: addressMessages.latitude,
    });
    expect(
      await fieldErrors(
        await callApi(BASE, { method: "POST", cookie: me.cookie, body: courierBody(999_999) }),
      ),
    ).toEqual({ cityId: addressMessages.cityUnknown });
    expect(
      await fieldErrors(
        await callApi(BASE, {
          method: "POST",
          cookie: me.cookie,
          body: { type: "pickup", pickupPointId: 999_999 },
        }),
      ),
    ).toEqual({ pickupPointId: addressMessages.pickupPointUnknown });
    expect(
      await fieldErrors(await callApi(BASE, { method: "POST", cookie: me.cookie, body: { type: "drone" } })),
    ).toEqual({ type: addressMessages.type });
    // Text no field may hold (ADR 027) is refused at the door.
    const nul = await callApi(BASE, {
      method: "POST",
      cookie: me.cookie,
      body: courierBody(first.cityId, { comment: "a\u0000b" }),
    });
    expect(nul.status).toBe(400);
    expect((await list(me.cookie)).items).toEqual([]);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses: the next is a 409 with a Russian message`, async () => {
    const { first } = await geo();
    const me = await newShopper();
    for (let i = 0; i < MAX_ADDRESSES; i++)
      await create(me.cookie, courierBody(first.cityId, { address: `Улица ${i + 1}` }));
    const response = await callApi(BASE, {
      method: "POST",
      cookie: me.cookie,
      body: courierBody(first.cityId),
    });
    expect(await readJson(response, 409)).toMatchObject({
      code: "address_limit",
      message: addressMessages.limit,
    });
    expect((await list(me.cookie)).items).toHaveLength(MAX_ADDRESSES);
  });

  it(`holds the limit under 30 simultaneous additions: exactly ${MAX_ADDRESSES} saved, one selected`, async () => {
    const { first } = await geo();
    const me = await newShopper();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        callApi(BASE, {
          method: "POST",
          cookie: me.cookie,
          body: courierBody(first.cityId, { address: `Улица ${i + 1}` }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ADDRESSES);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - MAX_ADDRESSES);
    const book = await list(me.cookie);
    expect(book.items).toHaveLength(MAX_ADDRESSES);
    expect(book.items.filter((a) => a.selected)).toHaveLength(1);
  });

  it("refuses a cross-origin write with 403 and saves nothing", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const response = await callApi(BASE, {
      method: "POST",
      cookie: me.cookie,
      body: courierBody(first.cityId),
      origin: "https://evil.example",
    });
    expect(await readJson(response, 403)).toMatchObject({ code: "cross_origin" });
    expect((await list(me.cookie)).items).toEqual([]);
  });
});

describe("PUT /api/v1/user/address/{id}", () => {
  it("overwrites the address; a change of type drops the other type's fields", async () => {
    const { first, second } = await geo();
    const me = await newShopper();
    const saved = await create(me.cookie, courierBody(first.cityId, { flat: "12", comment: "Код 12" }));
    const edited = await readJson<AddressJson>(
      await callApi(`${BASE}/${saved.id}`, {
        method: "PUT",
        cookie: me.cookie,
        body: courierBody(second.cityId, { address: "Невский проспект, 28", flat: "7" }),
      }),
    );
    expect(edited).toMatchObject({
      id: saved.id,
      selected: true,
      city: { id: second.cityId },
      address: "Невский проспект, 28",
      flat: "7",
      comment: null,
    });
    const pickup = await readJson<AddressJson>(
      await callApi(`${BASE}/${saved.id}`, {
        method: "PUT",
        cookie: me.cookie,
        body: { type: "pickup", pickupPointId: first.pointId },
      }),
    );
    expect(pickup).toMatchObject({
      type: "pickup",
      flat: null,
      pickupPoint: { id: first.pointId },
      selected: true,
    });
    // The selected address changed its type: so did the delivery type.
    expect((await list(me.cookie)).deliveryType).toBe("pickup");
  });

  it("validates like POST", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const saved = await create(me.cookie, courierBody(first.cityId));
    expect(
      await fieldErrors(
        await callApi(`${BASE}/${saved.id}`, {
          method: "PUT",
          cookie: me.cookie,
          body: courierBody(first.cityId, { address: "" }),
        }),
      ),
    ).toEqual({ address: messages.required });
    expect(
      (await callApi(`${BASE}/abc`, { method: "PUT", cookie: me.cookie, body: courierBody(first.cityId) }))
        .status,
    ).toBe(400);
  });
});

describe("DELETE /api/v1/user/address/{id}", () => {
  it("deletes; when the selected one goes, the newest of the same type is selected", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const a = await create(me.cookie, courierBody(first.cityId, { address: "Улица 1" }));
    const b = await create(me.cookie, courierBody(first.cityId, { address: "Улица 2" }));
    const pickup = await create(me.cookie, { type: "pickup", pickupPointId: first.pointId });
    const c = await create(me.cookie, courierBody(first.cityId, { address: "Улица 3", selected: true }));
    // A plain one: nothing else changes.
    expect((await callApi(`${BASE}/${b.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect((await list(me.cookie)).items.map((x) => [x.id, x.selected])).toEqual([
      [c.id, true],
      [pickup.id, false],
      [a.id, false],
    ]);
    // The selected courier address: the newest courier one (not the newer pickup one) takes over.
    expect((await callApi(`${BASE}/${c.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    expect((await list(me.cookie)).items.map((x) => [x.id, x.selected])).toEqual([
      [a.id, true],
      [pickup.id, false],
    ]);
    // The last courier address: no courier address is left to select, so none is selected.
    expect((await callApi(`${BASE}/${a.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(204);
    const book = await list(me.cookie);
    expect(book.items.map((x) => [x.id, x.selected])).toEqual([[pickup.id, false]]);
    expect(book.deliveryType).toBe("courier");
    expect(
      (await readJson<{ address: null }>(await callApi(`${BASE}/selected`, { cookie: me.cookie }))).address,
    ).toBeNull();
    // Gone is gone.
    expect(
      await readJson(await callApi(`${BASE}/${a.id}`, { method: "DELETE", cookie: me.cookie }), 404),
    ).toMatchObject({
      code: "address_not_found",
      message: addressMessages.notFound,
    });
  });
});

describe("PUT /api/v1/user/address/{id}/selected and /type", () => {
  it("selects one address, unselects the rest, and its type becomes the delivery type", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const home = await create(me.cookie, courierBody(first.cityId));
    const point = await create(me.cookie, { type: "pickup", pickupPointId: first.pointId });
    const chosen = await readJson<AddressJson>(
      await callApi(`${BASE}/${point.id}/selected`, { method: "PUT", cookie: me.cookie }),
    );
    expect(chosen).toMatchObject({ id: point.id, selected: true });
    const book = await list(me.cookie);
    expect(book.items.map((x) => [x.id, x.selected])).toEqual([
      [point.id, true],
      [home.id, false],
    ]);
    expect(book.deliveryType).toBe("pickup");
  });

  it("sets the delivery type alone, and refuses an unknown one", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const home = await create(me.cookie, courierBody(first.cityId));
    expect(
      await readJson(
        await callApi(`${BASE}/type`, { method: "PUT", cookie: me.cookie, body: { type: "pickup" } }),
      ),
    ).toEqual({
      deliveryType: "pickup",
    });
    const selected = await readJson<{ address: AddressJson; deliveryType: string }>(
      await callApi(`${BASE}/selected`, { cookie: me.cookie }),
    );
    expect(selected).toMatchObject({ deliveryType: "pickup", address: { id: home.id, selected: true } });
    expect(
      await fieldErrors(
        await callApi(`${BASE}/type`, { method: "PUT", cookie: me.cookie, body: { type: "drone" } }),
      ),
    ).toEqual({ type: addressMessages.type });
  });

  it("leaves exactly one address selected after 50 simultaneous selections", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create(me.cookie, courierBody(first.cityId, { address: `Улица ${i + 1}` }))).id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callApi(`${BASE}/${ids[i % ids.length]}/selected`, { method: "PUT", cookie: me.cookie }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const { database } = await getTestContext();
    expect(await selectedAddressCount(database.db, me.userId)).toBe(1);
    expect((await list(me.cookie)).items.filter((a) => a.selected)).toHaveLength(1);
  });
});

describe("another shopper's address", () => {
  it("is a 404 to read, change, select or delete, and stays as it was", async () => {
    const { first, second } = await geo();
    const owner = await newShopper();
    const stranger = await newShopper();
    const mine = await create(owner.cookie, courierBody(first.cityId, { flat: "12" }));
    await create(stranger.cookie, courierBody(first.cityId, { address: "Чужая улица, 1" }));
    const before = await list(owner.cookie);

    expect((await list(stranger.cookie)).items.map((a) => a.id)).not.toContain(mine.id);
    const attempts: [string, string, unknown?][] = [
      ["PUT", `${BASE}/${mine.id}`, courierBody(second.cityId, { address: "Взлом, 1" })],
      ["PUT", `${BASE}/${mine.id}/selected`],
      ["DELETE", `${BASE}/${mine.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await callApi(path, { method, cookie: stranger.cookie, body });
      expect(await readJson(response, 404), `${method} ${path}`).toMatchObject({
        code: "address_not_found",
        message: addressMessages.notFound,
      });
    }
    // The same answer as an id nobody has.
    expect(
      await readJson(await callApi(`${BASE}/999999999`, { method: "DELETE", cookie: stranger.cookie }), 404),
    ).toMatchObject({ code: "address_not_found" });
    expect(await list(owner.cookie)).toEqual(before);
    // The stranger's own selection did not move either.
    const theirs = await list(stranger.cookie);
    expect(theirs.items.filter((a) => a.selected)).toHaveLength(1);
  });
});

describe("methods a path does not have", () => {
  it("are 405 with Allow, also where /{id} would otherwise take the name for an id", async () => {
    const me = await newShopper();
    for (const [method, path, allow] of [
      ["PUT", `${BASE}/selected`, "GET, HEAD"],
      ["DELETE", `${BASE}/selected`, "GET, HEAD"],
      ["DELETE", `${BASE}/type`, "PUT"],
      ["PUT", `${BASE}/pickup-points?cityId=1`, "GET, HEAD"],
      ["DELETE", `${BASE}/pickup-points`, "GET, HEAD"],
      ["GET", `${BASE}/1`, "PUT, DELETE"],
    ] as const) {
      const response = await callApi(path, { method, cookie: me.cookie });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
    }
  });
});

describe("GET /api/v1/user/address/pickup-points", () => {
  it("lists the city's pickup points by address", async () => {
    const { first } = await geo();
    const me = await newShopper();
    const { items } = await readJson<{ items: { id: number; cityId: number; address: string }[] }>(
      await callApi(`${BASE}/pickup-points?cityId=${first.cityId}`, { cookie: me.cookie }),
    );
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.cityId === first.cityId)).toBe(true);
    expect(items.map((p) => p.id)).toContain(first.pointId);
    const addresses = items.map((p) => p.address);
    expect(addresses).toEqual([...addresses].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await callApi(`${BASE}/pickup-points?cityId=abc`, { cookie: me.cookie })).status).toBe(400);
    expect(
      await readJson(await callApi(`${BASE}/pickup-points?cityId=999999`, { cookie: me.cookie })),
    ).toEqual({
      items: [],
    });
  });
});
