import type {
  CleanAddressQuery,
  DadataAddress,
  DadataCleanAddress,
  DadataSuggestion,
  DadataSuggestions,
  ReverseGeocodeQuery,
  SuggestQuery,
} from "#contract/suggest.ts";
import type { Logger } from "#server/logger.ts";
import { type CityRow, metresBetween, normalizeAddressText, parseAddressQuery } from "./address-rules.ts";
import { type CityChoice, resolveCity } from "./cities.ts";
import {
  type DadataClient,
  DadataError,
  type DadataRawAddress,
  type DadataRawClean,
  type DadataRawSuggestion,
} from "./dadata.ts";
import type { DeliveryRepository } from "./repository.ts";
import { emptyClean, type SuggestService } from "./suggest-service.ts";

/**
 * The address suggestions and geocoding of the delivery step through a real DaData account (ADR 064), in
 * the very answers the stand-in gives (contract/suggest.ts), and the fallback to the stand-in's register
 * whenever DaData is slow or failing: the shopper always gets an answer, never a 500.
 */

/** A map point this close to the house DaData names is that house (qc_geo 0), farther the nearest one (1). */
const EXACT_HOUSE_METRES = 30;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** DaData's «UTC+3» as an IANA zone («Etc/GMT-3»: the sign is POSIX's, reversed). */
export function ianaFromUtc(zone: string | null | undefined): string | null {
  const match = /^UTC([+-])(\d{1,2})$/.exec(zone ?? "");
  if (!match) return null;
  const hours = Number(match[2]);
  if (hours === 0) return "Etc/GMT";
  return `Etc/GMT${match[1] === "+" ? "-" : "+"}${hours}`;
}

/**
 * DaData's `data` as our contract has it: its own fields where it gave them, the chosen city's where it
 * left them empty (a settlement has no `city`), our city's IANA zone instead of its «UTC+3».
 */
export function addressFromDadata(d: DadataRawAddress, city: CityRow | null): DadataAddress {
  const house = text(d.house);
  const street = text(d.street);
  const cityFias = city ? `vitrina-city-${city.id}` : "";
  return {
    postal_code: text(d.postal_code),
    country: text(d.country) ?? "Россия",
    country_iso_code: text(d.country_iso_code) ?? "RU",
    region_with_type: text(d.region_with_type) ?? city?.region ?? "",
    region: text(d.region) ?? city?.region ?? "",
    city_fias_id: text(d.city_fias_id) ?? cityFias,
    city_with_type: text(d.city_with_type) ?? text(d.settlement_with_type) ?? (city ? `г ${city.name}` : ""),
    city_type: text(d.city_type) ?? "г",
    city_type_full: text(d.city_type_full) ?? "город",
    city: text(d.city) ?? text(d.settlement) ?? city?.name ?? "",
    street_fias_id: text(d.street_fias_id),
    street_with_type: text(d.street_with_type),
    street_type: text(d.street_type),
    street_type_full: text(d.street_type_full),
    street,
    house_fias_id: text(d.house_fias_id),
    house_type: house ? (text(d.house_type) ?? "д") : null,
    house_type_full: house ? (text(d.house_type_full) ?? "дом") : null,
    house,
    block_type: text(d.block_type),
    block_type_full: text(d.block_type_full),
    block: text(d.block),
    flat_type: text(d.flat_type),
    flat: text(d.flat),
    fias_id:
      text(d.fias_id) ?? text(d.house_fias_id) ?? text(d.street_fias_id) ?? text(d.city_fias_id) ?? cityFias,
    fias_level: text(d.fias_level) ?? (house ? "8" : street ? "7" : "4"),
    geo_lat: text(d.geo_lat),
    geo_lon: text(d.geo_lon),
    qc_geo: d.qc_geo === null || d.qc_geo === undefined ? null : String(d.qc_geo),
    timezone: city?.timezone ?? ianaFromUtc(d.timezone) ?? "Europe/Moscow",
  };
}

/**
 * A DaData suggestion as ours: its `value` starts with the city, as the stand-in's does («г Москва, ул
 * Тверская, д 7»), even when granular bounds cut the city off.
 */
export function suggestionFromDadata(raw: DadataRawSuggestion, city: CityRow | null): DadataSuggestion {
  const data = addressFromDadata(raw.data, city);
  const head = data.city_with_type;
  const value = !head || raw.value.startsWith(head) ? raw.value : `${head}, ${raw.value}`;
  return { value, unrestricted_value: text(raw.unrestricted_value) ?? value, data };
}

/** A clean answer built from an address and the quality codes it earned. */
function cleanOf(
  source: string,
  data: DadataAddress,
  result: string | null,
  quality: Pick<DadataCleanAddress, "qc" | "qc_geo" | "qc_house" | "qc_complete" | "unparsed_parts"> & {
    house?: string | null;
  },
): DadataCleanAddress {
  const house = quality.house === undefined ? data.house : quality.house;
  return {
    source,
    result,
    postal_code: data.postal_code,
    country: data.country,
    region_with_type: data.region_with_type || null,
    city_fias_id: data.city_fias_id || null,
    city_with_type: data.city_with_type || null,
    city: data.city || null,
    street_fias_id: data.street_fias_id,
    street_with_type: data.street_with_type,
    street_type: data.street_type,
    street: data.street,
    house_fias_id: house === data.house ? data.house_fias_id : null,
    house_type: house ? (data.house_type ?? "д") : null,
    house,
    block_type: data.block_type,
    block: data.block,
    flat: data.flat,
    fias_id: data.fias_id || null,
    fias_level: data.fias_level,
    geo_lat: data.geo_lat,
    geo_lon: data.geo_lon,
    qc_geo: quality.qc_geo,
    qc_complete: quality.qc_complete,
    qc_house: quality.qc_house,
    qc: quality.qc,
    unparsed_parts: quality.unparsed_parts,
    timezone: data.timezone,
  };
}

/** DaData's own standardisation (`clean/address`) as our clean answer. */
export function cleanFromDadata(source: string, raw: DadataRawClean, city: CityRow): DadataCleanAddress {
  const data = addressFromDadata(raw, city);
  const qcGeo = raw.qc_geo === null || raw.qc_geo === undefined ? 5 : Number(raw.qc_geo);
  return cleanOf(source, data, text(raw.result), {
    qc: raw.qc ?? 2,
    qc_geo: Number.isFinite(qcGeo) ? qcGeo : 5,
    qc_house: raw.qc_house ?? (data.house ? 2 : 10),
    qc_complete: raw.qc_complete ?? (data.house ? 0 : 4),
    unparsed_parts: text(raw.unparsed_parts),
  });
}

/**
 * Typed text checked by DaData's best suggestion, as DaData advises without the secret key: no street,
 * unknown; a street but no house, incomplete; a house typed that the street does not have, unknown.
 */
export function cleanFromSuggestion(
  source: string,
  top: DadataRawSuggestion | undefined,
  city: CityRow,
): DadataCleanAddress {
  const data = top ? addressFromDadata(top.data, city) : null;
  if (!data?.street) return emptyClean(source, city, 4);
  const typed = parseAddressQuery(source, city.name);
  const value = suggestionFromDadata(top as DadataRawSuggestion, city).value;
  const unparsed = typed.rest.length > 0 ? typed.rest.join(" ") : null;
  if (data.house && (typed.house === null || normalizeAddressText(data.house) === typed.house)) {
    return cleanOf(source, data, value, {
      qc: unparsed ? 1 : 0,
      qc_geo: Number(data.qc_geo ?? 0),
      qc_house: 2,
      qc_complete: 0,
      unparsed_parts: unparsed,
    });
  }
  const streetOnly = { ...data, house: null, block: null, block_type: null, fias_level: "7" };
  return cleanOf(source, streetOnly, value.replace(/, (д|дом|влд|к|стр) .*$/u, ""), {
    qc: 1,
    qc_geo: 2,
    qc_house: 10,
    qc_complete: typed.house ? 10 : 4,
    unparsed_parts: unparsed,
    house: typed.house,
  });
}

/** The nearest address DaData found for a map point, as our clean answer (nothing near: not found). */
export function cleanFromPoint(
  source: string,
  point: { latitude: number; longitude: number },
  nearest: DadataRawSuggestion | undefined,
  city: CityRow | null,
): DadataCleanAddress {
  if (!nearest) return emptyClean(source, null, 5);
  const found = suggestionFromDadata(nearest, city);
  const { data } = found;
  if (!data.street) return emptyClean(source, null, 5);
  if (!data.house) {
    return cleanOf(source, data, found.value, {
      qc: 1,
      qc_geo: 2,
      qc_house: 10,
      qc_complete: 4,
      unparsed_parts: null,
    });
  }
  const at = { latitude: Number(data.geo_lat), longitude: Number(data.geo_lon) };
  const exact = Number.isFinite(at.latitude) && metresBetween(point, at) <= EXACT_HOUSE_METRES;
  return cleanOf(source, data, found.value, {
    qc: 0,
    qc_geo: exact ? 0 : 1,
    qc_house: 2,
    qc_complete: 0,
    unparsed_parts: null,
  });
}

/** The DaData-backed lookup: the stand-in's methods, answered by DaData. */
export function createDadataLookup(client: DadataClient, repository: DeliveryRepository) {
  /** The seeded city DaData's answer names, when we have it (its IANA zone, its id). */
  async function cityNamed(name: string | null, known: Map<string, CityRow | null>): Promise<CityRow | null> {
    if (!name) return null;
    if (!known.has(name)) {
      const row = await repository.cityByName(name);
      known.set(name, row && row.name === name ? row : null);
    }
    return known.get(name) ?? null;
  }

  /** Suggestions inside the chosen city only, from the street down to `to` (DaData's granular bounds). */
  async function suggest(query: SuggestQuery, choice: CityChoice, to: "street" | "house") {
    const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
    const raw = await client.suggestAddress({
      query: query.query,
      count: query.count,
      locations: [{ city: city.name }],
      from_bound: { value: "street" },
      to_bound: { value: to },
    });
    return { city, suggestions: raw.map((s) => suggestionFromDadata(s, city)) };
  }

  return {
    async suggestAddress(query: SuggestQuery, choice: CityChoice): Promise<DadataSuggestions> {
      return { suggestions: (await suggest(query, choice, "house")).suggestions };
    },

    async suggestStreet(query: SuggestQuery, choice: CityChoice): Promise<DadataSuggestions> {
      return { suggestions: (await suggest(query, choice, "street")).suggestions };
    },

    async reverse(query: ReverseGeocodeQuery): Promise<DadataSuggestions> {
      const raw = await client.geolocate({
        lat: query.lat,
        lon: query.lon,
        radius_meters: query.radius_meters,
        count: query.count,
      });
      const known = new Map<string, CityRow | null>();
      const suggestions: DadataSuggestion[] = [];
      for (const s of raw) {
        suggestions.push(suggestionFromDadata(s, await cityNamed(text(s.data.city), known)));
      }
      return { suggestions };
    },

    async clean(query: CleanAddressQuery, choice: CityChoice): Promise<DadataCleanAddress> {
      if (query.lat !== undefined && query.lon !== undefined) {
        const [nearest] = await client.geolocate({
          lat: query.lat,
          lon: query.lon,
          radius_meters: query.radius_meters,
          count: 1,
        });
        const city = nearest ? await cityNamed(text(nearest.data.city), new Map()) : null;
        const point = { latitude: query.lat, longitude: query.lon };
        return cleanFromPoint(`${query.lat}, ${query.lon}`, point, nearest, city);
      }
      const source = query.query ?? "";
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      if (client.canClean) {
        // The shopper types the street and house; DaData needs the city to find them in.
        const named = normalizeAddressText(source).includes(normalizeAddressText(city.name));
        const raw = await client.clean(named ? source : `${city.name}, ${source}`);
        return cleanFromDadata(source, raw, city);
      }
      const [top] = await client.suggestAddress({
        query: source,
        count: 1,
        locations: [{ city: city.name }],
      });
      return cleanFromSuggestion(source, top, city);
    },
  };
}

/**
 * DaData first, the stand-in's register when DaData fails (a timeout, an error, an answer not in its
 * format), with a log line; the courier zone is always ours. Errors of the request itself (an unknown
 * city) are not DaData's and pass through.
 */
export function withStandInFallback(
  dadata: ReturnType<typeof createDadataLookup>,
  standIn: SuggestService,
  logger?: Pick<Logger, "warn">,
): SuggestService {
  async function attempt<T>(
    method: string,
    primary: () => Promise<T>,
    fallback: () => Promise<T>,
  ): Promise<T> {
    try {
      return await primary();
    } catch (error) {
      if (!(error instanceof DadataError)) throw error;
      logger?.warn(
        { err: error, method },
        "DaData failed: the address is answered from the stand-in street register",
      );
      return fallback();
    }
  }
  return {
    suggestAddress: (query, choice) =>
      attempt(
        "suggest/address",
        () => dadata.suggestAddress(query, choice),
        () => standIn.suggestAddress(query, choice),
      ),
    suggestStreet: (query, choice) =>
      attempt(
        "suggest/address",
        () => dadata.suggestStreet(query, choice),
        () => standIn.suggestStreet(query, choice),
      ),
    reverse: (query) =>
      attempt(
        "geolocate/address",
        () => dadata.reverse(query),
        () => standIn.reverse(query),
      ),
    clean: (query, choice) =>
      attempt(
        "clean/address",
        () => dadata.clean(query, choice),
        () => standIn.clean(query, choice),
      ),
    outOfRange: (query, choice) => standIn.outOfRange(query, choice),
  };
}
