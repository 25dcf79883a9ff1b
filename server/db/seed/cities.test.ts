import { describe, expect, it } from "vitest";
import { cities } from "./cities.ts";
import { generatePickupPoints } from "./pickup-points.ts";
import { DEFAULT_SEED } from "./random.ts";

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

describe("pickup points", () => {
  it("gives big cities more points, all near the centre, deterministically", () => {
    for (const city of cities) {
      const points = generatePickupPoints(DEFAULT_SEED, city);
      expect(generatePickupPoints(DEFAULT_SEED, city)).toEqual(points);
      if (city.population >= 5_000_000) expect(points).toHaveLength(25);
      else if (city.population >= 1_000_000) expect(points).toHaveLength(10);
      else expect(points.length).toBeGreaterThanOrEqual(3);
      expect(new Set(points.map((p) => p.address)).size).toBe(points.length);
      for (const p of points) {
        expect(Math.abs(p.latitude - city.latitude)).toBeLessThan(0.12);
        expect(Math.abs(p.longitude - city.longitude)).toBeLessThan(0.25);
        expect(p.name).toMatch(/[А-Яа-яЁё]/);
        expect(p.hours).toMatch(/^(Пн|Круглосуточно)/);
      }
    }
  });
});
