import { describe, expect, it } from "vitest";
import type { City } from "#contract/geo.ts";
import type { GeoRepository } from "./repository.ts";
import { createGeoService, normalizeCityQuery, pickCityMatches } from "./service.ts";

const city = (id: number, name: string): City => ({
  id,
  name,
  region: name,
  latitude: 55,
  longitude: 37,
  timezone: "Europe/Moscow",
});
const moscow = city(1, "Москва");
const kazan = city(5, "Казань");

function fakeRepository(rows: City[]): GeoRepository {
  return {
    listCities: async () => rows,
    searchCities: async (q) =>
      rows
        .filter((c) => normalizeCityQuery(c.name).startsWith(q))
        .map((c) => ({ ...c, rank: 0 as const, score: 1 })),
    findCity: async (id) => rows.find((c) => c.id === id),
    findCityByName: async (name) => rows.find((c) => c.name === name),
    findLargestCity: async () => rows[0],
  };
}

describe("normalizeCityQuery", () => {
  it("lower-cases, treats ё as е and any dashes or spaces as one space", () => {
    expect(normalizeCityQuery("  ОРЁЛ ")).toBe("орел");
    expect(normalizeCityQuery("Ростов-на-Дону")).toBe("ростов на дону");
    expect(normalizeCityQuery("санкт –  петербург")).toBe("санкт петербург");
    expect(normalizeCityQuery(" - ")).toBe("");
  });
});

describe("pickCityMatches", () => {
  const orel = city(60, "Орёл");
  const orsk = city(80, "Орск");

  it("keeps every typo match above the floor when no name starts with the query", () => {
    expect(
      pickCityMatches([
        { ...moscow, rank: 2, score: 0.6 },
        { ...kazan, rank: 2, score: 0.31 },
      ]),
    ).toEqual([moscow, kazan]);
  });

  it("drops weak typo matches under prefix matches, and strips the ranking fields", () => {
    expect(
      pickCityMatches([
        { ...orel, rank: 0, score: 1 },
        { ...orsk, rank: 1, score: 0.2 },
        { ...moscow, rank: 2, score: 0.55 },
        { ...kazan, rank: 2, score: 0.33 },
      ]),
    ).toEqual([orel, orsk, moscow]);
  });
});

describe("geo service", () => {
  it("returns the chosen city confirmed, and the default unconfirmed when there is none or it is gone", async () => {
    const service = createGeoService(fakeRepository([moscow, kazan]));
    expect(await service.currentCity(5)).toEqual({ city: kazan, confirmed: true });
    expect(await service.currentCity(undefined)).toEqual({ city: moscow, confirmed: false });
    expect(await service.currentCity(404)).toEqual({ city: moscow, confirmed: false });
  });

  it("falls back to the largest city when Moscow is missing from the data", async () => {
    const service = createGeoService(fakeRepository([kazan]));
    expect((await service.currentCity(undefined)).city).toEqual(kazan);
  });

  it("refuses to confirm a city that does not exist", async () => {
    const service = createGeoService(fakeRepository([moscow]));
    await expect(service.confirmCity(2)).rejects.toMatchObject({ status: 404, code: "city_not_found" });
  });

  it("finds nothing for a query that normalises to nothing, without asking the database", async () => {
    const service = createGeoService({
      ...fakeRepository([moscow]),
      searchCities: async () => {
        throw new Error("must not be called");
      },
    });
    expect(await service.findCities({ query: "—", limit: 10 })).toEqual({ items: [] });
  });
});
