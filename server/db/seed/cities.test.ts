import { describe, expect, it } from "vitest";
import { distanceKm } from "#contract/delivery-dates.ts";
import { seedSample } from "#tests/fixtures/seed-sample.ts";
import { cities } from "./cities.ts";
import { generatePickupPoints, parseHours } from "./pickup-points.ts";
import { DEFAULT_SEED } from "./random.ts";
import { REAL_STREET_CITIES } from "./real-streets.ts";
import { deliveryRadiusKm, generateRealStreets, generateStreets } from "./streets.ts";

/**
 * The cities whose streets and pickup points are generated and checked: one of each size the rules tell
 * apart (over 5 million, over a million, smaller), the far west and east, and the smallest; every city
 * under `npm run test:seed`.
 */
const SAMPLE_CITIES = seedSample({
  small: ["Москва", "Новосибирск", "Калининград", "Владивосток", "Южно-Сахалинск"].map(
    (name) => cities.find((c) => c.name === name)!,
  ),
  full: cities,
});

/** Russia's bounding box, loosely: Kaliningrad in the west to Chukotka in the east. */
const inRussia = (lat: number, lon: number) => lat >= 41 && lat <= 82 && lon >= 19 && lon <= 180;

describe("cities", () => {
  it("has exactly 100 cities, Moscow first, ordered by population", () => {
    expect(cities).toHaveLength(100);
    expect(cities[0]?.name).toBe("Москва");
    for (let i = 1; i < cities.length; i++) {
      expect(cities[i]!.population, cities[i]!.name).toBeLessThanOrEqual(cities[i - 1]!.population);
    }
  });

  it("has unique name and region pairs", () => {
    expect(new Set(cities.map((c) => `${c.name}|${c.region}`)).size).toBe(100);
    expect(new Set(cities.map((c) => c.name)).size).toBe(100);
  });

  it("places every city inside Russia with a valid IANA time zone", () => {
    for (const c of cities) {
      expect(inRussia(c.latitude, c.longitude), c.name).toBe(true);
      expect(() => new Intl.DateTimeFormat("ru", { timeZone: c.timezone }), c.name).not.toThrow();
      expect(c.timezone).toMatch(/^(Europe|Asia)\//);
      expect(Number.isInteger(c.population)).toBe(true);
    }
  });

  it("knows a few reference facts", () => {
    const byName = new Map(cities.map((c) => [c.name, c]));
    expect(byName.get("Санкт-Петербург")?.timezone).toBe("Europe/Moscow");
    expect(byName.get("Екатеринбург")?.timezone).toBe("Asia/Yekaterinburg");
    expect(byName.get("Калининград")?.timezone).toBe("Europe/Kaliningrad");
    expect(byName.get("Владивосток")?.timezone).toBe("Asia/Vladivostok");
    expect(byName.get("Казань")?.region).toBe("Республика Татарстан");
    expect(byName.get("Новосибирск")?.latitude).toBeCloseTo(55.0, 0);
  });
});

describe(`pickup points, in ${SAMPLE_CITIES.length} cities`, () => {
  it("gives big cities more points, each in a house of the city's streets, deterministically", () => {
    for (const city of SAMPLE_CITIES) {
      const streets = generateStreets(DEFAULT_SEED, city);
      const points = generatePickupPoints(DEFAULT_SEED, city, streets);
      expect(generatePickupPoints(DEFAULT_SEED, city, streets)).toEqual(points);
      if (city.population >= 5_000_000) expect(points).toHaveLength(25);
      else if (city.population >= 1_000_000) expect(points).toHaveLength(10);
      else expect(points.length).toBeGreaterThanOrEqual(3);
      expect(new Set(points.map((p) => p.address)).size).toBe(points.length);
      for (const p of points) {
        const street = streets[p.streetIndex]!;
        const house = street.houses[p.houseIndex]!;
        // The address is the street's and the house's, as the address suggestions spell them.
        expect(p.address.startsWith(`${street.withType}, д ${house.number}`), p.address).toBe(true);
        expect([p.latitude, p.longitude]).toEqual([house.latitude, house.longitude]);
        expect(Math.abs(p.latitude - city.latitude)).toBeLessThan(0.2);
        expect(p.name).toMatch(/[А-Яа-яЁё]/);
        expect(p.hours).toMatch(/^(Пн|Круглосуточно)/);
        expect(p.schedule).toHaveLength(7);
        if (p.kind === "parcel_locker") expect([p.cashPayment, p.fittingRoom]).toEqual([false, false]);
      }
    }
  });

  it("reads the hours text into a week from Monday", () => {
    expect(parseHours("Пн–Пт 08:00–20:00, Сб 09:00–18:00, Вс — выходной")).toEqual([
      ...Array.from({ length: 5 }, () => ({ opens: "08:00", closes: "20:00" })),
      { opens: "09:00", closes: "18:00" },
      null,
    ]);
    expect(parseHours("Круглосуточно")[6]).toEqual({ opens: "00:00", closes: "24:00" });
  });
});

describe(`streets, in ${SAMPLE_CITIES.length} cities`, () => {
  it("lays every city's streets as lines around its centre, houses on them, all inside the courier zone", () => {
    for (const city of SAMPLE_CITIES) {
      const streets = generateStreets(DEFAULT_SEED, city);
      expect(generateStreets(DEFAULT_SEED, city)).toEqual(streets);
      expect(new Set(streets.map((s) => s.withType)).size).toBe(streets.length);
      const zone = deliveryRadiusKm(city);
      for (const street of streets) {
        expect(street.houses.length).toBeGreaterThanOrEqual(10);
        expect(street.withType).toMatch(/^(ул|пр-кт|б-р|ш|пер|наб) |\s(ул|пр-кт|б-р|ш|пер|наб)$/);
        const outside = street.houses.filter(
          (house) => !(distanceKm({ ...house, timezone: city.timezone }, city) < zone),
        );
        expect(outside, `${city.name}, ${street.withType}`).toEqual([]);
      }
    }
  });

  it("gives Moscow a larger zone than a small city", () => {
    expect(deliveryRadiusKm(cities[0]!)).toBeGreaterThan(deliveryRadiusKm(cities[99]!));
  });
});

describe("real main streets (ADR 064)", () => {
  it("knows 5–10 real streets of every seeded city, none doubled by a generated one, all near the centre", () => {
    expect(new Set(REAL_STREET_CITIES)).toEqual(new Set(cities.map((c) => c.name)));
    for (const city of cities) {
      const real = generateRealStreets(DEFAULT_SEED, city);
      expect(real.length, city.name).toBeGreaterThanOrEqual(5);
      expect(real.length, city.name).toBeLessThanOrEqual(10);
      const names = new Set(real.map((s) => s.withType));
      expect(names.size, city.name).toBe(real.length);
      const generated = SAMPLE_CITIES.includes(city) ? generateStreets(DEFAULT_SEED, city) : [];
      expect(
        generated.filter((s) => names.has(s.withType)),
        city.name,
      ).toEqual([]);
      const zone = deliveryRadiusKm(city);
      for (const street of real) {
        expect(street.withType).toMatch(/^(ул|пр-кт|б-р|ш|пер|наб) |\s(ул|пр-кт|б-р|ш|пер|наб)$/);
        expect(street.houses.length, street.withType).toBeGreaterThanOrEqual(30);
        // Houses numbered from 1, odd and even on both sides, all inside the courier zone.
        expect(street.houses[0]?.number).toMatch(/^1А?$/);
        for (const house of street.houses) {
          const km = distanceKm({ ...house, timezone: city.timezone }, city);
          expect(km, `${city.name}, ${street.withType}, д ${house.number}`).toBeLessThan(
            city.population >= 5_000_000 ? zone : 3,
          );
        }
      }
    }
  });

  it("has Тверская and Ленинский пр-кт in Москва, Невский пр-кт in Санкт-Петербург, between their real ends", () => {
    const [moscow, petersburg] = cities;
    const moscowStreets = generateRealStreets(DEFAULT_SEED, moscow!);
    const tverskaya = moscowStreets.find((s) => s.withType === "ул Тверская")!;
    expect(tverskaya).toMatchObject({ type: "ул", name: "Тверская", typeFull: "улица", search: "тверская" });
    expect(tverskaya.houses.map((h) => h.number)).toContain("7");
    // From Охотный Ряд to Тверская Застава: north-west of the Kremlin.
    expect(tverskaya.start.latitude).toBeLessThan(tverskaya.end.latitude);
    expect(moscowStreets.find((s) => s.withType === "Ленинский пр-кт")).toMatchObject({
      type: "пр-кт",
      name: "Ленинский",
    });
    expect(generateRealStreets(DEFAULT_SEED, petersburg!).map((s) => s.withType)).toContain("Невский пр-кт");
    expect(generateRealStreets(DEFAULT_SEED, moscow!)).toEqual(moscowStreets);
  });
});
