import type { CitySeed } from "./cities.ts";
import { deriveSeed, hashString, Random } from "./random.ts";
import { realStreetsOf } from "./real-streets.ts";

/**
 * The generated streets and houses of a city (ADR 035): the stand-in for a street register behind the
 * address suggestions, reverse geocoding, the pickup points' addresses and the fallback map's basemap.
 * Streets are straight lines of a grid (two families at right angles, turned by a per-city angle) around
 * the city's real centre; houses stand along them, odd numbers on one side and even on the other.
 */

export interface HouseSeed {
  /** «12», «12А». */
  number: string;
  /** Corps number or null. */
  block: string | null;
  latitude: number;
  longitude: number;
}

export interface StreetSeed {
  /** DaData's short type: ул, пр-кт, б-р, ш, пер, наб. */
  type: string;
  typeFull: string;
  name: string;
  /** «ул Ленина», «Комсомольский пр-кт». */
  withType: string;
  /** Lower case, ё as е. */
  search: string;
  postalCode: string;
  start: { latitude: number; longitude: number };
  end: { latitude: number; longitude: number };
  houses: HouseSeed[];
}

export const TYPES = {
  ул: "улица",
  "пр-кт": "проспект",
  "б-р": "бульвар",
  ш: "шоссе",
  пер: "переулок",
  наб: "набережная",
} as const;
type StreetType = keyof typeof TYPES;

/** [type, name, type after the name («Комсомольский пр-кт»)]. Names found in almost every Russian city. */
const NAMES: readonly (readonly [StreetType, string, boolean?])[] = [
  ["ул", "Ленина"],
  ["ул", "Советская"],
  ["ул", "Мира"],
  ["ул", "Гагарина"],
  ["ул", "Пушкина"],
  ["ул", "Кирова"],
  ["ул", "Молодёжная"],
  ["ул", "Садовая"],
  ["ул", "Лесная"],
  ["ул", "Октябрьская"],
  ["ул", "Комсомольская"],
  ["ул", "Первомайская"],
  ["ул", "Победы"],
  ["ул", "Горького"],
  ["ул", "Чехова"],
  ["ул", "Школьная"],
  ["ул", "Заводская"],
  ["ул", "Маяковского"],
  ["ул", "Суворова"],
  ["ул", "Свердлова"],
  ["ул", "Калинина"],
  ["ул", "Юбилейная"],
  ["ул", "Строителей"],
  ["ул", "Дзержинского"],
  ["ул", "Лермонтова"],
  ["ул", "Гоголя"],
  ["ул", "Некрасова"],
  ["ул", "Толстого"],
  ["ул", "Куйбышева"],
  ["ул", "Фрунзе"],
  ["ул", "Чапаева"],
  ["ул", "Ломоносова"],
  ["ул", "Циолковского"],
  ["ул", "Королёва"],
  ["ул", "Есенина"],
  ["ул", "Жукова"],
  ["ул", "Энтузиастов"],
  ["ул", "Новая"],
  ["ул", "Полевая"],
  ["ул", "Центральная"],
  ["ул", "Набережная"],
  ["ул", "Солнечная"],
  ["ул", "Зелёная"],
  ["ул", "Вокзальная"],
  ["ул", "Рабочая"],
  ["ул", "Береговая"],
  ["ул", "Луговая"],
  ["ул", "Парковая"],
  ["ул", "Трудовая"],
  ["ул", "Интернациональная"],
  ["ул", "Пролетарская"],
  ["ул", "Красноармейская"],
  ["ул", "Вишнёвая"],
  ["ул", "Цветочная"],
  ["ул", "Звёздная"],
  ["ул", "Спортивная"],
  ["ул", "Студенческая"],
  ["ул", "Театральная"],
  ["пр-кт", "Ленина"],
  ["пр-кт", "Мира"],
  ["пр-кт", "Победы"],
  ["пр-кт", "Комсомольский", true],
  ["пр-кт", "Октябрьский", true],
  ["пр-кт", "Ленинский", true],
  ["пр-кт", "Строителей"],
  ["б-р", "Гагарина"],
  ["б-р", "Цветной", true],
  ["б-р", "Молодёжный", true],
  ["ш", "Московское", true],
  ["ш", "Южное", true],
  ["пер", "Почтовый", true],
  ["пер", "Школьный", true],
  ["пер", "Банный", true],
  ["наб", "Речная", true],
];

/** How far from the centre the street grid reaches: ~3 km for a small city, 12 for Moscow. */
export function cityExtentKm(city: { population: number }): number {
  return Math.min(12, 2 + 2.7 * Math.sqrt(city.population / 1_000_000));
}

/**
 * The courier zone's radius (ADR 035): half as far again as the street grid plus 4 km, so every
 * generated house (the grid's corners are √2 × extent away) is inside and the suburbs beyond are not.
 */
export function deliveryRadiusKm(city: { population: number }): number {
  return Math.round((cityExtentKm(city) * 1.5 + 4) * 10) / 10;
}

export function streetCount(city: { population: number }): number {
  if (city.population >= 5_000_000) return 60;
  if (city.population >= 1_000_000) return 36;
  if (city.population >= 500_000) return 26;
  return 18;
}

/** Lower case, ё as е: how suggestions compare names. */
export function normalizeStreetText(text: string): string {
  return text.toLowerCase().replaceAll("ё", "е").replace(/\s+/g, " ").trim();
}

const KM_PER_DEGREE_LAT = 111.32;
/** Houses stand this far from the street's axis, on either side. */
const HOUSE_SETBACK_KM = 0.015;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The streets of one city with their houses, deterministic for the seed. */
export function generateStreets(seed: number, city: CitySeed): StreetSeed[] {
  const rng = new Random(deriveSeed(seed, "streets", city.name, city.region));
  const extent = cityExtentKm(city);
  const count = streetCount(city);
  const kmPerDegreeLon = KM_PER_DEGREE_LAT * Math.cos((city.latitude * Math.PI) / 180);
  // A point `x` km east and `y` km north of the centre, in the grid turned by `angle`.
  const angle = ((rng.next() - 0.5) * Math.PI) / 4;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const at = (x: number, y: number) => ({
    latitude: round6(city.latitude + (x * sin + y * cos) / KM_PER_DEGREE_LAT),
    longitude: round6(city.longitude + (x * cos - y * sin) / kmPerDegreeLon),
  });

  // Distinct names, shuffled (Fisher–Yates on the seeded stream).
  const shuffled = [...NAMES];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [shuffled[i], shuffled[j]] = [
      shuffled[j] as (typeof NAMES)[number],
      shuffled[i] as (typeof NAMES)[number],
    ];
  }
  // A name the city's real register has (real-streets.ts: Ленинский пр-кт in Moscow) is left to it: a name
  // the grid does not use takes its place, the others keep theirs, so a real street is never doubled.
  const withType = ([type, name, after]: (typeof NAMES)[number]) =>
    after ? `${name} ${type}` : `${type} ${name}`;
  const real = new Set(realStreetsOf(city.name).map((s) => s.withType));
  const spare = shuffled.slice(count).filter((n) => !real.has(withType(n)));
  const names = shuffled.slice(0, count).map((n) => (real.has(withType(n)) ? (spare.shift() ?? n) : n));
  const postalBase = 100 + (hashString(`${city.name}|${city.region}`) % 900);

  const streets: StreetSeed[] = [];
  const perFamily = Math.ceil(count / 2);
  for (let i = 0; i < count; i++) {
    const [type, name, after] = names[i % names.length] as (typeof NAMES)[number];
    const family = i % 2; // 0 runs east–west, 1 north–south
    const index = Math.floor(i / 2);
    // Evenly spaced across the grid, the outermost a little inside its edge.
    const offset = -extent + ((index + 0.5) * 2 * extent) / perFamily;
    // Streets away from the centre are shorter: the city thins out.
    const half = extent * (1 - 0.35 * (Math.abs(offset) / extent) ** 2);
    const [x0, y0, x1, y1] = family === 0 ? [-half, offset, half, offset] : [offset, -half, offset, half];
    const lengthKm = 2 * half;
    const houseCount = Math.max(12, Math.min(48, Math.round(lengthKm * 3)));
    const houses = layHouses(rng, houseCount, (t, side) =>
      at(
        x0 + (x1 - x0) * t + (family === 0 ? 0 : side * HOUSE_SETBACK_KM),
        y0 + (y1 - y0) * t + (family === 0 ? side * HOUSE_SETBACK_KM : 0),
      ),
    );
    streets.push({
      type,
      typeFull: TYPES[type],
      name,
      withType: after ? `${name} ${type}` : `${type} ${name}`,
      search: normalizeStreetText(name),
      postalCode: String(postalBase * 1000 + rng.int(0, 999)).padStart(6, "0"),
      start: at(x0, y0),
      end: at(x1, y1),
      houses,
    });
  }
  return streets;
}

/**
 * Houses along a line: odd numbers on one side and even on the other, both counted from its start,
 * `point(t, side)` placing the house at fraction `t` of the way on side ±1. A few have a letter («12А») or a
 * corps («к 2»), from `rng`.
 */
function layHouses(
  rng: Random,
  count: number,
  point: (t: number, side: 1 | -1) => { latitude: number; longitude: number },
): HouseSeed[] {
  const houses: HouseSeed[] = [];
  const used = new Set<string>();
  for (let n = 1; n <= count; n++) {
    const along = (Math.ceil(n / 2) - 0.5) / Math.ceil(count / 2);
    const side = n % 2 === 1 ? 1 : -1;
    const t = Math.min(0.98, along);
    const at = point(t, side);
    const letter = rng.chance(0.05) ? "А" : "";
    const block = rng.chance(0.06) ? String(rng.int(1, 3)) : null;
    const key = `${n}${letter}|${block}`;
    if (used.has(key)) continue;
    used.add(key);
    houses.push({ number: `${n}${letter}`, block, ...at });
  }
  return houses;
}

/** «ул Тверская» → ул, Тверская; «Ленинский пр-кт» → пр-кт, Ленинский. */
export function splitWithType(withType: string): { type: StreetType; name: string } {
  const words = withType.split(" ");
  const first = words[0] as string;
  const last = words[words.length - 1] as string;
  if (first in TYPES) return { type: first as StreetType, name: words.slice(1).join(" ") };
  if (last in TYPES) return { type: last as StreetType, name: words.slice(0, -1).join(" ") };
  throw new Error(`A street without a known type: ${withType}`);
}

/**
 * The city's real main streets (real-streets.ts, ADR 064) as the register keeps them, after the generated
 * ones: traced ones between their real ends with houses up to their real last number; named ones near the
 * centre, each at its own bearing, 1.6–3.6 km long, crossing within 0.9 km of the centre. A stream of
 * their own, so the generated streets and the pickup points standing in them stay as they were.
 */
export function generateRealStreets(seed: number, city: CitySeed): StreetSeed[] {
  const rng = new Random(deriveSeed(seed, "real-streets", city.name, city.region));
  const kmPerDegreeLon = KM_PER_DEGREE_LAT * Math.cos((city.latitude * Math.PI) / 180);
  const postalBase = 100 + (hashString(`${city.name}|${city.region}`) % 900);
  return realStreetsOf(city.name).map(({ withType, traced }) => {
    const { type, name } = splitWithType(withType);
    let start: { latitude: number; longitude: number };
    let end: { latitude: number; longitude: number };
    let houseCount: number;
    if (traced) {
      start = { latitude: traced.from[0], longitude: traced.from[1] };
      end = { latitude: traced.to[0], longitude: traced.to[1] };
      houseCount = traced.lastHouse;
    } else {
      const bearing = rng.float(0, Math.PI);
      const half = rng.float(0.8, 1.8);
      const across = rng.float(-0.9, 0.9);
      const along = rng.float(-0.4, 0.4);
      const [dx, dy] = [Math.sin(bearing), Math.cos(bearing)];
      const cx = across * dy + along * dx;
      const cy = -across * dx + along * dy;
      const at = (x: number, y: number) => ({
        latitude: round6(city.latitude + y / KM_PER_DEGREE_LAT),
        longitude: round6(city.longitude + x / kmPerDegreeLon),
      });
      start = at(cx - half * dx, cy - half * dy);
      end = at(cx + half * dx, cy + half * dy);
      // A house every ~80 m on each side.
      houseCount = Math.round(half * 2 * 25);
    }
    // The setback in degrees, across the street's direction.
    const north = end.latitude - start.latitude;
    const east = (end.longitude - start.longitude) * (kmPerDegreeLon / KM_PER_DEGREE_LAT);
    const length = Math.hypot(north, east) || 1;
    const offLat = ((-east / length) * HOUSE_SETBACK_KM) / KM_PER_DEGREE_LAT;
    const offLon = ((north / length) * HOUSE_SETBACK_KM) / kmPerDegreeLon;
    const houses = layHouses(rng, houseCount, (t, side) => ({
      latitude: round6(start.latitude + (end.latitude - start.latitude) * t + side * offLat),
      longitude: round6(start.longitude + (end.longitude - start.longitude) * t + side * offLon),
    }));
    return {
      type,
      typeFull: TYPES[type],
      name,
      withType,
      search: normalizeStreetText(name),
      postalCode: String(postalBase * 1000 + rng.int(0, 999)).padStart(6, "0"),
      start,
      end,
      houses,
    };
  });
}
