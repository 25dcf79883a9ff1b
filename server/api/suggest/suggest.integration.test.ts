import { describe, expect, it } from "vitest";
import { addressProblem, addressProblemMessages } from "#contract/address-messages.ts";
import {
  type DadataCleanAddress,
  type DadataSuggestions,
  dadataCleanAddressSchema,
  dadataSuggestionsSchema,
  type OutOfRange,
} from "#contract/suggest.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import { cityNamed, houseOf } from "#tests/fixtures/delivery-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const BASE = "/api/v1/suggest";

async function moscow() {
  const { database } = await getTestContext();
  return cityNamed(database.db, "Москва");
}

const get = async <T>(path: string, cookie?: string) =>
  readJson<T>(await callApi(`${BASE}${path}`, cookie ? { cookie } : {}));

/** Every key of DaData's answer is there (the schema's parse would drop unknown ones, not add missing). */
function expectDadataShape(answer: DadataSuggestions) {
  expect(dadataSuggestionsSchema.parse(answer)).toEqual(answer);
  for (const s of answer.suggestions) {
    expect(Object.keys(s.data).sort()).toEqual(
      Object.keys(dadataSuggestionsSchema.shape.suggestions.element.shape.data.shape).sort(),
    );
  }
}

describe("GET /api/v1/suggest/address and /street", () => {
  it("suggests the city's streets in DaData's format, then houses once a number is typed", async () => {
    const city = await moscow();
    const house = await houseOf((await getTestContext()).database.db, city.id, "Ленина");
    const streetsAnswer = await get<DadataSuggestions>(
      `/address?query=${encodeURIComponent("ленина")}&cityId=${city.id}`,
    );
    expectDadataShape(streetsAnswer);
    expect(streetsAnswer.suggestions.length).toBeGreaterThan(0);
    // Names that start with the query first, close spellings (Ленинский, Есенина) after them.
    expect(streetsAnswer.suggestions[0]!.data.street_with_type).toBe("ул Ленина");
    expect(streetsAnswer.suggestions.map((s) => s.data.street)).not.toContain("Мира");
    for (const s of streetsAnswer.suggestions) {
      expect(s.value).toMatch(/^г Москва, /);
      expect(s.data.fias_level).toBe("7");
      expect(s.data.house).toBeNull();
      expect(s.unrestricted_value).toContain(s.data.postal_code);
    }

    const housesAnswer = await get<DadataSuggestions>(
      `/address?query=${encodeURIComponent(`${house.withType}, д ${house.number}`)}&cityId=${city.id}`,
    );
    expectDadataShape(housesAnswer);
    const first = housesAnswer.suggestions[0]!;
    // The exact number first, then the numbers that start with it.
    expect(first.value).toBe(`г Москва, ${house.withType}, д ${house.number}`);
    expect(first.data).toMatchObject({
      fias_level: "8",
      house: house.number,
      house_type: "д",
      house_fias_id: `vitrina-house-${house.houseId}`,
      street_with_type: house.withType,
      geo_lat: String(house.latitude),
      geo_lon: String(house.longitude),
      qc_geo: "0",
      timezone: "Europe/Moscow",
    });
    for (const s of housesAnswer.suggestions) expect(s.data.house?.startsWith(house.number)).toBe(true);
  });

  it("forgives a typo, reads «пр-т» as a type, and keeps to the street level on /street", async () => {
    const city = await moscow();
    const typo = await get<DadataSuggestions>(
      `/address?query=${encodeURIComponent("ленена")}&cityId=${city.id}`,
    );
    expect(typo.suggestions.map((s) => s.data.street)).toContain("Ленина");
    const streetOnly = await get<DadataSuggestions>(
      `/street?query=${encodeURIComponent("ленина 1")}&cityId=${city.id}`,
    );
    expect(streetOnly.suggestions.length).toBeGreaterThan(0);
    expect(streetOnly.suggestions.every((s) => s.data.fias_level === "7")).toBe(true);
    // Only the type typed: that type's streets.
    const avenues = await get<DadataSuggestions>(
      `/street?query=${encodeURIComponent("проспект")}&cityId=${city.id}`,
    );
    expect(avenues.suggestions.length).toBeGreaterThan(0);
    expect(avenues.suggestions.every((s) => s.data.street_type === "пр-кт")).toBe(true);
    const none = await get<DadataSuggestions>(
      `/address?query=${encodeURIComponent("щзхъ")}&cityId=${city.id}`,
    );
    expect(none).toEqual({ suggestions: [] });
  });

  it("answers for the visitor's city cookie when no cityId is given, and says it varies by it", async () => {
    const { database } = await getTestContext();
    const spb = await cityNamed(database.db, "Санкт-Петербург");
    const street = (await houseOf(database.db, spb.id)).name;
    const res = await callApi(`${BASE}/address?query=${encodeURIComponent(street)}`, {
      cookie: `city_id=${spb.id}`,
    });
    const answer = await readJson<DadataSuggestions>(res);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("vary")).toContain("Cookie");
    expect(answer.suggestions.length).toBeGreaterThan(0);
    expect(answer.suggestions.every((s) => s.data.city === "Санкт-Петербург")).toBe(true);
    // No cookie: Moscow.
    const fallback = await get<DadataSuggestions>(`/street?query=${encodeURIComponent(street)}`);
    expect(fallback.suggestions.every((s) => s.data.city === "Москва")).toBe(true);
  });

  it("refuses bad input with Russian 400s and an unknown city with 404", async () => {
    const cases: [string, string][] = [
      ["/address", "query"],
      [`/address?query=${"а".repeat(201)}`, "query"],
      ["/address?query=ленина&count=50", "count"],
      ["/street?query=ленина&cityId=abc", "cityId"],
    ];
    for (const [path, field] of cases) {
      const body = await readJson<{ code: string; fields: { field: string; message: string }[] }>(
        await callApi(`${BASE}${path}`),
        400,
      );
      expect(body.code).toBe("invalid_parameters");
      expect(body.fields[0]!.field).toBe(`query.${field}`);
      expect(body.fields[0]!.message).toMatch(/[А-Яа-я]/);
    }
    const unknown = await readJson<{ code: string }>(
      await callApi(`${BASE}/address?query=ленина&cityId=999999`),
      404,
    );
    expect(unknown.code).toBe("city_not_found");
  });
});

describe("real main streets beside the generated ones (ADR 064)", () => {
  it("suggests «ул Тверская» first for «Тверская» in Москва, then its houses, and Невский пр-кт in Петербург", async () => {
    const city = await moscow();
    const streets = await get<DadataSuggestions>(
      `/address?query=${encodeURIComponent("Тверская")}&cityId=${city.id}`,
    );
    expectDadataShape(streets);
    expect(streets.suggestions[0]).toMatchObject({
      value: "г Москва, ул Тверская",
      data: { street_with_type: "ул Тверская", street_type: "ул", fias_level: "7", house: null },
    });
    // Near Пушкинская площадь, not on the generated grid's lines.
    expect(Number(streets.suggestions[0]!.data.geo_lat)).toBeCloseTo(55.766, 2);
    const houses = await get<DadataSuggestions>(
      `/address?query=${encodeURIComponent("ул Тверская, д 7")}&cityId=${city.id}`,
    );
    expect(houses.suggestions[0]!.value).toBe("г Москва, ул Тверская, д 7");
    const cleaned = await get<DadataCleanAddress>(
      `/geocode/reverse/clean?query=${encodeURIComponent("тверская 7")}&cityId=${city.id}`,
    );
    expect(addressProblem(cleaned)).toBeNull();
    const leninsky = await get<DadataSuggestions>(
      `/street?query=${encodeURIComponent("ленинский проспект")}&cityId=${city.id}`,
    );
    expect(leninsky.suggestions[0]!.data.street_with_type).toBe("Ленинский пр-кт");
    const spb = await cityNamed((await getTestContext()).database.db, "Санкт-Петербург");
    const nevsky = await get<DadataSuggestions>(
      `/street?query=${encodeURIComponent("невский")}&cityId=${spb.id}`,
    );
    expect(nevsky.suggestions[0]!.data.street_with_type).toBe("Невский пр-кт");
  });
});

describe("GET /api/v1/suggest/geocode/reverse", () => {
  it("finds the nearest house to a point, nearest first, and nothing far from any house", async () => {
    const city = await moscow();
    const house = await houseOf((await getTestContext()).database.db, city.id);
    // About 8 m north of the house.
    const lat = house.latitude + 0.00007;
    const answer = await get<DadataSuggestions>(`/geocode/reverse?lat=${lat}&lon=${house.longitude}&count=3`);
    expectDadataShape(answer);
    expect(answer.suggestions[0]!.data.house_fias_id).toBe(`vitrina-house-${house.houseId}`);
    expect(answer.suggestions[0]!.value).toBe(`г Москва, ${house.withType}, д ${house.number}`);
    expect(answer.suggestions.length).toBeLessThanOrEqual(3);
    const far = await callApi(`${BASE}/geocode/reverse?lat=0&lon=0`);
    expect(await readJson(far)).toEqual({ suggestions: [] });
    expect(far.headers.get("cache-control")).toMatch(/^public/);
    const bad = await readJson<{ fields: { field: string; message: string }[] }>(
      await callApi(`${BASE}/geocode/reverse?lat=91&lon=37`),
      400,
    );
    expect(bad.fields[0]).toEqual({ field: "query.lat", message: "Широта — число от −90 до 90" });
  });
});

describe("GET /api/v1/suggest/geocode/reverse/clean", () => {
  const clean = (query: string) => get<DadataCleanAddress>(`/geocode/reverse/clean?${query}`);

  it("standardises typed text: a full address, one without a house, an unknown house and no street", async () => {
    const city = await moscow();
    const house = await houseOf((await getTestContext()).database.db, city.id, "Ленина");
    const full = await clean(`query=${encodeURIComponent(`ленина ${house.number}`)}&cityId=${city.id}`);
    expect(dadataCleanAddressSchema.parse(full)).toEqual(full);
    expect(full).toMatchObject({
      result: `г Москва, ${house.withType}, д ${house.number}`,
      house: house.number,
      qc: 0,
      qc_geo: 0,
      qc_house: 2,
      qc_complete: 0,
      geo_lat: String(house.latitude),
    });
    expect(addressProblem(full)).toBeNull();

    const noHouse = await clean(`query=${encodeURIComponent("улица Ленина")}&cityId=${city.id}`);
    expect(noHouse).toMatchObject({ street: "Ленина", house: null, qc_geo: 2, qc_complete: 4 });
    expect(addressProblem(noHouse)).toBe("incomplete");
    expect(addressProblemMessages[addressProblem(noHouse)!]).toBe("Уточните адрес: укажите номер дома");

    const noSuchHouse = await clean(`query=${encodeURIComponent("ленина 9999")}&cityId=${city.id}`);
    expect(noSuchHouse).toMatchObject({ house: "9999", qc_house: 10, qc_geo: 2 });
    expect(addressProblem(noSuchHouse)).toBe("unknown");

    const nothing = await clean(`query=${encodeURIComponent("абырвалг 5")}&cityId=${city.id}`);
    expect(nothing).toMatchObject({ street: null, house: null, qc: 2, qc_geo: 4, city: "Москва" });
    expect(addressProblem(nothing)).toBe("unknown");
  });

  it("gives a map point its nearest house, or says the point could not be placed", async () => {
    const city = await moscow();
    const house = await houseOf((await getTestContext()).database.db, city.id);
    const near = await clean(`lat=${house.latitude}&lon=${house.longitude + 0.0001}`);
    expect(near).toMatchObject({ house: house.number, street_with_type: house.withType, qc_geo: 0, qc: 0 });
    expect(addressProblem(near, "point")).toBeNull();
    const nowhere = await clean("lat=0&lon=0");
    expect(nowhere).toMatchObject({ result: null, qc_geo: 5, geo_lat: null });
    expect(addressProblem(nowhere, "point")).toBe("geocodeFailed");
  });

  it("wants either text or both coordinates", async () => {
    for (const query of ["", "lat=55.7", "query=ленина&lat=55.7&lon=37.6"]) {
      const body = await readJson<{ fields: { message: string }[] }>(
        await callApi(`${BASE}/geocode/reverse/clean?${query}`),
        400,
      );
      expect(body.fields.map((f) => f.message)).toContain("Укажите адрес или координаты точки");
    }
  });
});

describe("GET /api/v1/suggest/geocode/out-of-range", () => {
  it("is false at the centre and on a generated house, true past the city's zone, with the Russian text", async () => {
    const city = await moscow();
    const house = await houseOf((await getTestContext()).database.db, city.id);
    const centre = await get<OutOfRange>(
      `/geocode/out-of-range?lat=${city.latitude}&lon=${city.longitude}&cityId=${city.id}`,
    );
    expect(centre).toEqual({
      outOfRange: false,
      distanceKm: 0,
      radiusKm: city.deliveryRadiusKm,
      city: { id: city.id, name: "Москва" },
      message: null,
    });
    const onHouse = await get<OutOfRange>(
      `/geocode/out-of-range?lat=${house.latitude}&lon=${house.longitude}&cityId=${city.id}`,
    );
    expect(onHouse.outOfRange).toBe(false);
    // One degree of latitude north: 111 km away.
    const far = await get<OutOfRange>(
      `/geocode/out-of-range?lat=${city.latitude + 1}&lon=${city.longitude}&cityId=${city.id}`,
    );
    expect(far).toMatchObject({
      outOfRange: true,
      message: "Сюда курьер пока не доставляет. Выберите другой адрес или пункт выдачи",
    });
    expect(far.distanceKm).toBeGreaterThan(110);
    // The cookie's city when none is named: Moscow's centre is far outside St Petersburg's zone.
    const spb = await cityNamed((await getTestContext()).database.db, "Санкт-Петербург");
    const res = await callApi(`${BASE}/geocode/out-of-range?lat=${city.latitude}&lon=${city.longitude}`, {
      cookie: `city_id=${spb.id}`,
    });
    expect(await readJson(res)).toMatchObject({ outOfRange: true, city: { name: "Санкт-Петербург" } });
    expect((await callApi(`${BASE}/geocode/out-of-range?lat=55`)).status).toBe(400);
  });
});
