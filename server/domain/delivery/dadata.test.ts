import { afterEach, describe, expect, it } from "vitest";
import { addressProblem } from "#contract/address-messages.ts";
import { dadataCleanAddressSchema, dadataSuggestionsSchema, type SuggestQuery } from "#contract/suggest.ts";
import { AppError } from "#server/errors.ts";
import {
  type DadataReply,
  type DadataRequest,
  dadataHouse,
  startFakeDadata,
} from "#tests/fixtures/dadata-fake.ts";
import type { CityRow } from "./address-rules.ts";
import { createDadataClient, DadataError } from "./dadata.ts";
import {
  cleanFromSuggestion,
  createDadataLookup,
  ianaFromUtc,
  suggestionFromDadata,
  withStandInFallback,
} from "./dadata-lookup.ts";
import type { DeliveryRepository } from "./repository.ts";
import type { SuggestService } from "./suggest-service.ts";

const MOSCOW: CityRow = {
  id: 1,
  name: "Москва",
  region: "Москва",
  latitude: 55.7558,
  longitude: 37.6173,
  timezone: "Europe/Moscow",
  population: 13_149_803,
  deliveryRadiusKm: 22,
};

/** The two reads the lookup makes of the register: a city by id, by name. */
const repository = {
  city: async (id: number) => (id === MOSCOW.id ? MOSCOW : undefined),
  cityByName: async () => MOSCOW,
} as unknown as DeliveryRepository;

const standInAnswer = { suggestions: [] as never[] };
/** The stand-in's answers, marked so a test sees which one answered. */
const standIn = {
  suggestAddress: async () => ({ ...standInAnswer, from: "stand-in" }),
  suggestStreet: async () => ({ ...standInAnswer, from: "stand-in" }),
  reverse: async () => ({ ...standInAnswer, from: "stand-in" }),
  clean: async () => ({ from: "stand-in" }),
  outOfRange: async () => ({ from: "stand-in" }),
} as unknown as SuggestService;

let fake: Awaited<ReturnType<typeof startFakeDadata>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(reply: (request: DadataRequest) => DadataReply, secret?: string, timeoutMs = 5_000) {
  fake = await startFakeDadata(reply);
  const client = createDadataClient({
    apiKey: "test-key",
    secret,
    suggestionsUrl: fake.suggestionsUrl,
    cleanerUrl: fake.cleanerUrl,
    timeoutMs,
  });
  const warnings: { method: string; message: string }[] = [];
  const logger = {
    warn: (fields: { method: string }, message: string) =>
      void warnings.push({ method: fields.method, message }),
  };
  const lookup = withStandInFallback(createDadataLookup(client, repository), standIn, logger as never);
  return { fake, client, lookup, warnings };
}

const query = (text: string, count = 5): SuggestQuery => ({ query: text, cityId: MOSCOW.id, count });

describe("DaData client and lookup (ADR 064)", () => {
  it("asks suggest/address with the key, restricted to the chosen city, from the street to the house", async () => {
    const { fake, lookup } = await setUp(() => ({ body: { suggestions: [dadataHouse("Тверская", "7")] } }));
    const answer = await lookup.suggestAddress(query("тверская 7"), {});
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request).toMatchObject({ method: "POST", path: "/suggestions/api/4_1/rs/suggest/address" });
    expect(request!.headers).toMatchObject({
      authorization: "Token test-key",
      "content-type": "application/json",
      accept: "application/json",
    });
    // The secret goes to the cleaner only.
    expect(request!.headers["x-secret"]).toBeUndefined();
    expect(request!.body).toEqual({
      query: "тверская 7",
      count: 5,
      locations: [{ city: "Москва" }],
      from_bound: { value: "street" },
      to_bound: { value: "house" },
    });
    // Our contract exactly: DaData's extra fields (metro) dropped, its «UTC+3» our city's zone.
    expect(dadataSuggestionsSchema.parse(answer)).toEqual(answer);
    expect(Object.keys(answer.suggestions[0]!.data).sort()).toEqual(
      Object.keys(dadataSuggestionsSchema.shape.suggestions.element.shape.data.shape).sort(),
    );
    expect(answer.suggestions[0]).toMatchObject({
      value: "г Москва, ул Тверская, д 7",
      data: {
        street_with_type: "ул Тверская",
        house: "7",
        house_fias_id: "6f6e33a3-2d1c-4a3a-9d38-8e3c2b6d1f00",
        fias_level: "8",
        geo_lat: "55.7649",
        geo_lon: "37.6054",
        qc_geo: "0",
        timezone: "Europe/Moscow",
      },
    });
    await lookup.suggestStreet(query("тверская"), {});
    expect(fake.received[1]!.body).toMatchObject({ to_bound: { value: "street" } });
  });

  it("puts the city in front of a granular value and fills a settlement's missing city", () => {
    const raw = dadataHouse("Тверская", "7");
    const cut = suggestionFromDadata({ ...raw, value: "ул Тверская, д 7" }, MOSCOW);
    expect(cut.value).toBe("г Москва, ул Тверская, д 7");
    const settlement = suggestionFromDadata(
      {
        ...raw,
        data: {
          ...raw.data,
          city: null,
          city_with_type: null,
          settlement: "Коммунарка",
          settlement_with_type: "п Коммунарка",
        },
      },
      null,
    );
    expect(settlement.data).toMatchObject({ city: "Коммунарка", city_with_type: "п Коммунарка" });
    expect(settlement.data.timezone).toBe("Etc/GMT-3");
    expect([ianaFromUtc("UTC+3"), ianaFromUtc("UTC+10"), ianaFromUtc("UTC"), ianaFromUtc(null)]).toEqual([
      "Etc/GMT-3",
      "Etc/GMT-10",
      null,
      null,
    ]);
  });

  it("asks geolocate/address for a point and standardises typed text with clean/address and the secret", async () => {
    const { fake, lookup } = await setUp(
      (request) =>
        request.path.endsWith("/clean/address")
          ? {
              body: [
                {
                  ...dadataHouse("Тверская", "7").data,
                  source: "Москва, тверская 7",
                  result: "г Москва, ул Тверская, д 7",
                  qc_geo: 0,
                  qc: 0,
                  qc_complete: 0,
                  qc_house: 2,
                  unparsed_parts: null,
                },
              ],
            }
          : { body: { suggestions: [dadataHouse("Тверская", "7")] } },
      "test-secret",
    );
    const near = await lookup.reverse({ lat: 55.7649, lon: 37.6054, radius_meters: 100, count: 3 });
    expect(near.suggestions[0]!.data.timezone).toBe("Europe/Moscow");
    expect(fake.received[0]).toMatchObject({
      path: "/suggestions/api/4_1/rs/geolocate/address",
      body: { lat: 55.7649, lon: 37.6054, radius_meters: 100, count: 3 },
    });

    const point = await lookup.clean({ lat: 55.7649, lon: 37.6055, radius_meters: 100 }, {});
    expect(dadataCleanAddressSchema.parse(point)).toEqual(point);
    expect(point).toMatchObject({ house: "7", qc_geo: 0, qc: 0 });
    expect(addressProblem(point, "point")).toBeNull();

    const typed = await lookup.clean({ query: "тверская 7", radius_meters: 100, cityId: MOSCOW.id }, {});
    const cleanRequest = fake.received.at(-1)!;
    expect(cleanRequest).toMatchObject({ method: "POST", path: "/api/v1/clean/address" });
    expect(cleanRequest.headers).toMatchObject({
      authorization: "Token test-key",
      "x-secret": "test-secret",
    });
    // The city the shopper chose goes in front of what they typed.
    expect(cleanRequest.body).toEqual(["Москва, тверская 7"]);
    expect(typed).toMatchObject({ source: "тверская 7", result: "г Москва, ул Тверская, д 7", qc_house: 2 });
    expect(addressProblem(typed)).toBeNull();
  });

  it("without the secret checks typed text by the best suggestion: a house, a street only, a house it lacks", () => {
    const house = dadataHouse("Тверская", "7");
    expect(addressProblem(cleanFromSuggestion("тверская 7", house, MOSCOW))).toBeNull();
    const street = { ...house, value: "г Москва, ул Тверская", data: { ...house.data, house: null } };
    expect(addressProblem(cleanFromSuggestion("тверская", street, MOSCOW))).toBe("incomplete");
    expect(addressProblem(cleanFromSuggestion("тверская 9999", street, MOSCOW))).toBe("unknown");
    expect(addressProblem(cleanFromSuggestion("тверская 70", house, MOSCOW))).toBe("unknown");
    expect(addressProblem(cleanFromSuggestion("абырвалг", undefined, MOSCOW))).toBe("unknown");
  });

  it("falls back to the stand-in register with a log line on a timeout, an error or an answer not DaData's", async () => {
    let reply: DadataReply = { delayMs: 2_000, body: { suggestions: [] } };
    const { fake, lookup, warnings } = await setUp(() => reply, undefined, 100);
    const started = performance.now();
    expect(await lookup.suggestAddress(query("тверская"), {})).toMatchObject({ from: "stand-in" });
    // The timeout's 100 ms and the stand-in's answer, not DaData's 2 s.
    expect(performance.now() - started).toBeLessThan(1_500);
    reply = { status: 403, body: { detail: "Forbidden" } };
    expect(await lookup.reverse({ lat: 55.7, lon: 37.6, radius_meters: 100, count: 1 })).toMatchObject({
      from: "stand-in",
    });
    reply = { body: { nothing: "here" } };
    expect(await lookup.clean({ query: "тверская 7", radius_meters: 100 }, {})).toMatchObject({
      from: "stand-in",
    });
    expect(warnings.map((w) => w.method)).toEqual(["suggest/address", "geolocate/address", "clean/address"]);
    expect(warnings[0]!.message).toMatch(/stand-in/);
    expect(fake.received).toHaveLength(3);
    // The courier zone is always ours: DaData is not asked.
    expect(await lookup.outOfRange({ lat: 55.7, lon: 37.6 }, {})).toMatchObject({ from: "stand-in" });
    expect(fake.received).toHaveLength(3);
  });

  it("lets the request's own errors through: an unknown city is a 404, not a fallback", async () => {
    const { lookup, warnings } = await setUp(() => ({ body: { suggestions: [] } }));
    await expect(
      lookup.suggestAddress({ query: "тверская", cityId: 999, count: 5 }, {}),
    ).rejects.toBeInstanceOf(AppError);
    expect(warnings).toEqual([]);
  });

  it("says why in its error without the key", async () => {
    const { client } = await setUp(() => ({ status: 500, body: {} }));
    const error = await client.suggestAddress({ query: "х", count: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DadataError);
    expect((error as Error).message).toBe("DaData answered HTTP 500");
    expect(String(error)).not.toContain("test-key");
  });
});
