import { type DadataAddress, type DadataSuggestion, FIAS_LEVEL } from "#contract/suggest.ts";

/**
 * Pure parts of the address suggestions and geocoding stand-in (ADR 035): reading what the shopper typed
 * and writing DaData's answers from the street and house tables.
 */

/** Words that name a kind of street, house or settlement, with the street type they hint at. */
const TYPE_WORDS: Record<string, string | null> = {
  ул: "ул",
  улица: "ул",
  "пр-кт": "пр-кт",
  "пр-т": "пр-кт",
  пр: "пр-кт",
  просп: "пр-кт",
  проспект: "пр-кт",
  "б-р": "б-р",
  бул: "б-р",
  бульвар: "б-р",
  ш: "ш",
  шоссе: "ш",
  пер: "пер",
  переулок: "пер",
  наб: "наб",
  набережная: "наб",
  г: null,
  город: null,
  д: null,
  дом: null,
};
const BLOCK_WORDS = new Set(["к", "корп", "корпус", "стр", "строение"]);

export interface ParsedAddress {
  /** The street's words, normalised: «ленина». Empty when none were typed. */
  street: string;
  /** The street type the shopper named, if any (ул, пр-кт, …). */
  streetType: string | null;
  /** The house as typed (normalised: «12а»), or null. */
  house: string | null;
  block: string | null;
  /** Words that were neither street nor house (after the house), kept for DaData's unparsed_parts. */
  rest: string[];
}

/** Lower case, ё as е, dots and commas as spaces. */
export function normalizeAddressText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/[.,;]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * «ул. Ленина, д. 12 к2», «Ленина 12», «пр-т мира 5/1», «г Москва, ул Ленина, д 12»: street words up to
 * the first word that starts with a digit (the house), then an optional corps. `cityName` (normalised)
 * is dropped from the front, as a pasted suggestion starts with it.
 */
export function parseAddressQuery(text: string, cityName?: string): ParsedAddress {
  let words = normalizeAddressText(text).split(" ").filter(Boolean);
  if (cityName) {
    const city = normalizeAddressText(cityName).split(" ");
    const at = words.findIndex((_, i) => city.every((w, j) => words[i + j] === w));
    if (at >= 0 && at <= 2) words = [...words.slice(0, at), ...words.slice(at + city.length)];
  }
  const street: string[] = [];
  let streetType: string | null = null;
  let house: string | null = null;
  let block: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (house === null) {
      if (/^\d/.test(word)) {
        // «12к2» written together.
        const joined = /^(\d+[а-я]?(?:\/\d+)?)к(\d+)$/u.exec(word);
        if (joined) {
          house = joined[1] as string;
          block = joined[2] as string;
        } else house = word;
        continue;
      }
      if (word in TYPE_WORDS) {
        const hint = TYPE_WORDS[word];
        if (hint && street.length === 0) streetType = hint;
        else if (hint) streetType ??= hint;
        continue;
      }
      street.push(word);
      continue;
    }
    if (block === null && BLOCK_WORDS.has(word) && /^\d+$/.test(words[i + 1] ?? "")) {
      block = words[i + 1] as string;
      i++;
      continue;
    }
    // «12 а» → 12а
    if (block === null && /^[а-я]$/u.test(word) && /^\d+$/.test(house)) {
      house = `${house}${word}`;
      continue;
    }
    rest.push(word);
  }
  return { street: street.join(" "), streetType, house, block, rest };
}

export interface CityRow {
  id: number;
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  timezone: string;
  population: number;
  deliveryRadiusKm: number;
}

export interface StreetRow {
  id: number;
  cityId: number;
  type: string;
  typeFull: string;
  name: string;
  withType: string;
  postalCode: string;
  startLatitude: number;
  startLongitude: number;
  endLatitude: number;
  endLongitude: number;
}

export interface HouseRow {
  id: number;
  number: string;
  block: string | null;
  latitude: number;
  longitude: number;
}

const coordinate = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The street's midpoint: where a street-level answer points. */
export function streetMidpoint(street: StreetRow): { latitude: number; longitude: number } {
  return {
    latitude: (street.startLatitude + street.endLatitude) / 2,
    longitude: (street.startLongitude + street.endLongitude) / 2,
  };
}

/** «д 12, к 2» */
function houseText(house: HouseRow): string {
  return house.block ? `д ${house.number}, к ${house.block}` : `д ${house.number}`;
}

/** DaData's `data` of a street or house suggestion (a city-level one when `street` is null). */
export function addressData(city: CityRow, street: StreetRow | null, house: HouseRow | null): DadataAddress {
  const point = house ?? (street ? streetMidpoint(street) : city);
  const level = house ? FIAS_LEVEL.house : street ? FIAS_LEVEL.street : FIAS_LEVEL.city;
  const cityFias = `vitrina-city-${city.id}`;
  const streetFias = street ? `vitrina-street-${street.id}` : null;
  const houseFias = house ? `vitrina-house-${house.id}` : null;
  return {
    postal_code: street?.postalCode ?? null,
    country: "Россия",
    country_iso_code: "RU",
    region_with_type: city.region,
    region: city.region,
    city_fias_id: cityFias,
    city_with_type: `г ${city.name}`,
    city_type: "г",
    city_type_full: "город",
    city: city.name,
    street_fias_id: streetFias,
    street_with_type: street?.withType ?? null,
    street_type: street?.type ?? null,
    street_type_full: street?.typeFull ?? null,
    street: street?.name ?? null,
    house_fias_id: houseFias,
    house_type: house ? "д" : null,
    house_type_full: house ? "дом" : null,
    house: house?.number ?? null,
    block_type: house?.block ? "к" : null,
    block_type_full: house?.block ? "корпус" : null,
    block: house?.block ?? null,
    flat_type: null,
    flat: null,
    fias_id: houseFias ?? streetFias ?? cityFias,
    fias_level: level,
    geo_lat: coordinate(point.latitude),
    geo_lon: coordinate(point.longitude),
    qc_geo: house ? "0" : street ? "2" : "4",
    timezone: city.timezone,
  };
}

/** «г Москва, ул Ленина, д 12» and, unrestricted, with the postal code and region in front. */
export function addressValue(city: CityRow, street: StreetRow | null, house: HouseRow | null) {
  const parts = [`г ${city.name}`];
  if (street) parts.push(street.withType);
  if (house) parts.push(houseText(house));
  const value = parts.join(", ");
  const head = [street?.postalCode, city.region !== city.name ? city.region : null].filter(Boolean);
  return { value, unrestricted: head.length > 0 ? `${head.join(", ")}, ${value}` : value };
}

export function suggestion(
  city: CityRow,
  street: StreetRow | null,
  house: HouseRow | null,
): DadataSuggestion {
  const { value, unrestricted } = addressValue(city, street, house);
  return { value, unrestricted_value: unrestricted, data: addressData(city, street, house) };
}

/** Metres between two points (equirectangular: exact enough within a city). */
export function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/** Metres from a point to a street's line (its segment). */
export function metresToStreet(point: { latitude: number; longitude: number }, street: StreetRow): number {
  const rad = Math.PI / 180;
  const k = Math.cos(point.latitude * rad);
  // Local plane in degrees of latitude.
  const px = point.longitude * k;
  const py = point.latitude;
  const ax = street.startLongitude * k;
  const ay = street.startLatitude;
  const bx = street.endLongitude * k;
  const by = street.endLatitude;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  const cx = ax + t * dx;
  const cy = ay + t * dy;
  return metresBetween({ latitude: py, longitude: px / k }, { latitude: cy, longitude: cx / k });
}

/** Degrees of latitude and longitude that cover `metres` around a latitude: a search box. */
export function degreesAround(latitude: number, metres: number): { lat: number; lon: number } {
  const lat = metres / 111_320;
  const lon = metres / (111_320 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
  return { lat, lon };
}

/** Compare house numbers as a person would: 2 < 10 < 10а; corps after the bare house. */
export function compareHouses(a: HouseRow, b: HouseRow): number {
  const na = Number.parseInt(a.number, 10);
  const nb = Number.parseInt(b.number, 10);
  if (na !== nb) return na - nb;
  if (a.number !== b.number) return a.number < b.number ? -1 : 1;
  return (a.block ?? "").localeCompare(b.block ?? "");
}
