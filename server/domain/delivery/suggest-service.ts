import { addressProblemMessages } from "#contract/address-messages.ts";
import { distanceKm } from "#contract/delivery-dates.ts";
import type {
  CleanAddressQuery,
  DadataCleanAddress,
  DadataSuggestions,
  OutOfRange,
  OutOfRangeQuery,
  ReverseGeocodeQuery,
  SuggestQuery,
} from "#contract/suggest.ts";
import {
  addressData,
  addressValue,
  type CityRow,
  compareHouses,
  degreesAround,
  type HouseRow,
  metresBetween,
  metresToStreet,
  parseAddressQuery,
  type StreetRow,
  suggestion,
} from "./address-rules.ts";
import { type CityChoice, resolveCity } from "./cities.ts";
import type { DeliveryRepository } from "./repository.ts";

/** A trigram score from here on counts as a typo of a street name («ленена» → Ленина). */
export const STREET_TYPO_MIN_SCORE = 0.3;
/** A map point this close to a house is that house (DaData's qc_geo 0), farther the nearest one (1). */
const EXACT_HOUSE_METRES = 30;
/** How many rows a reverse lookup reads around the point before keeping the nearest. */
const REVERSE_SCAN_LIMIT = 400;

function sortByDistance<T>(rows: T[], metres: (row: T) => number): (T & { metres: number })[] {
  return rows
    .map((row) => Object.assign(row as object, { metres: metres(row) }) as T & { metres: number })
    .sort((a, b) => a.metres - b.metres);
}

/** DaData's clean object with nothing recognised in it, for `source`. */
export function emptyClean(source: string, city: CityRow | null, qcGeo: number): DadataCleanAddress {
  return {
    source,
    result: city ? `г ${city.name}` : null,
    postal_code: null,
    country: "Россия",
    region_with_type: city?.region ?? null,
    city_fias_id: city ? `vitrina-city-${city.id}` : null,
    city_with_type: city ? `г ${city.name}` : null,
    city: city?.name ?? null,
    street_fias_id: null,
    street_with_type: null,
    street_type: null,
    street: null,
    house_fias_id: null,
    house_type: null,
    house: null,
    block_type: null,
    block: null,
    flat: null,
    fias_id: city ? `vitrina-city-${city.id}` : null,
    fias_level: city ? "4" : "-1",
    geo_lat: city && qcGeo < 5 ? String(city.latitude) : null,
    geo_lon: city && qcGeo < 5 ? String(city.longitude) : null,
    qc_geo: qcGeo,
    qc_complete: 3,
    qc_house: 10,
    qc: 2,
    unparsed_parts: null,
    timezone: city?.timezone ?? null,
  };
}

/** DaData's clean object for a street (and house) found. */
function clean(
  source: string,
  city: CityRow,
  street: StreetRow,
  house: HouseRow | null,
  quality: {
    qcGeo: number;
    qcHouse: number;
    qc: number;
    typedHouse: string | null;
    typedBlock: string | null;
    unparsed: string | null;
  },
): DadataCleanAddress {
  const data = addressData(city, street, house);
  const { value } = addressValue(city, street, house);
  // A typed house the table does not have is kept in the answer (as DaData keeps it), flagged qc_house 10.
  const houseNumber = house?.number ?? quality.typedHouse;
  const block = house?.block ?? (house ? null : quality.typedBlock);
  const result = house || !houseNumber ? value : `${value}, д ${houseNumber}${block ? `, к ${block}` : ""}`;
  return {
    source,
    result,
    postal_code: data.postal_code,
    country: data.country,
    region_with_type: data.region_with_type,
    city_fias_id: data.city_fias_id,
    city_with_type: data.city_with_type,
    city: data.city,
    street_fias_id: data.street_fias_id,
    street_with_type: data.street_with_type,
    street_type: data.street_type,
    street: data.street,
    house_fias_id: data.house_fias_id,
    house_type: houseNumber ? "д" : null,
    house: houseNumber ?? null,
    block_type: block ? "к" : null,
    block,
    flat: null,
    fias_id: data.fias_id,
    fias_level: data.fias_level,
    geo_lat: data.geo_lat,
    geo_lon: data.geo_lon,
    qc_geo: quality.qcGeo,
    qc_complete: houseNumber ? (house ? 0 : 10) : 4,
    qc_house: quality.qcHouse,
    qc: quality.qc,
    unparsed_parts: quality.unparsed,
    timezone: city.timezone,
  };
}

/**
 * The DaData stand-in (ADR 035): suggestions, reverse geocoding, cleaning and the courier zone check, all
 * from the generated street and house tables.
 */
export function createSuggestService(repository: DeliveryRepository) {
  async function matchStreets(city: CityRow, text: string, limit: number) {
    const parsed = parseAddressQuery(text, city.name);
    if (parsed.street === "") {
      // Only a type typed («проспект»): that type's streets; nothing else to go on.
      const streets = parsed.streetType
        ? await repository.streetsOfType(city.id, parsed.streetType, limit)
        : [];
      return { parsed, streets };
    }
    const streets = await repository.streetsMatching(city.id, parsed.street, {
      limit,
      minScore: STREET_TYPO_MIN_SCORE,
      type: parsed.streetType,
    });
    // Prefix matches hide weak typo matches, as the city search does.
    const hasPrefix = streets.some((s) => s.rank < 2);
    return { parsed, streets: hasPrefix ? streets.filter((s) => s.rank < 2 || s.score >= 0.5) : streets };
  }

  async function suggestAddress(query: SuggestQuery, choice: CityChoice): Promise<DadataSuggestions> {
    const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
    const { parsed, streets } = await matchStreets(city, query.query, query.count);
    if (parsed.house !== null && streets.length > 0) {
      const byId = new Map(streets.map((s) => [s.id, s]));
      const found = await repository.housesOf(
        streets.map((s) => s.id),
        parsed.house,
        parsed.block,
        query.count,
      );
      if (found.length > 0) {
        return { suggestions: found.map((h) => suggestion(city, byId.get(h.streetId) as StreetRow, h)) };
      }
    }
    return { suggestions: streets.map((s) => suggestion(city, s, null)) };
  }

  async function suggestStreet(query: SuggestQuery, choice: CityChoice): Promise<DadataSuggestions> {
    const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
    const { streets } = await matchStreets(city, query.query, query.count);
    return { suggestions: streets.map((s) => suggestion(city, s, null)) };
  }

  /** Houses within `radius` metres, nearest first (DaData's geolocate). */
  async function nearestHouses(lat: number, lon: number, radius: number, count: number) {
    const d = degreesAround(lat, radius);
    const rows = await repository.housesWithin(
      { minLat: lat - d.lat, maxLat: lat + d.lat, minLon: lon - d.lon, maxLon: lon + d.lon },
      REVERSE_SCAN_LIMIT,
    );
    const point = { latitude: lat, longitude: lon };
    return sortByDistance(rows, (r) => metresBetween(point, r.house))
      .filter((r) => r.metres <= radius)
      .slice(0, count);
  }

  return {
    suggestAddress,
    suggestStreet,

    async reverse(query: ReverseGeocodeQuery): Promise<DadataSuggestions> {
      const rows = await nearestHouses(query.lat, query.lon, query.radius_meters, query.count);
      return { suggestions: rows.map((r) => suggestion(r.city, r.street, r.house)) };
    },

    /**
     * One standardised address: typed text (DaData's clean) or a map point (the nearest house within the
     * radius; on a street but no house near, the street; nothing near, not found). The quality codes say
     * what is missing (contract/address-messages.ts: addressProblem).
     */
    async clean(query: CleanAddressQuery, choice: CityChoice): Promise<DadataCleanAddress> {
      if (query.lat !== undefined && query.lon !== undefined) {
        const source = `${query.lat}, ${query.lon}`;
        const [nearest] = await nearestHouses(query.lat, query.lon, query.radius_meters, 1);
        if (nearest) {
          const exact = nearest.metres <= EXACT_HOUSE_METRES;
          return clean(source, nearest.city, nearest.street, nearest.house, {
            qcGeo: exact ? 0 : 1,
            qcHouse: 2,
            qc: 0,
            typedHouse: null,
            typedBlock: null,
            unparsed: null,
          });
        }
        const d = degreesAround(query.lat, query.radius_meters);
        const point = { latitude: query.lat, longitude: query.lon };
        const near = sortByDistance(
          await repository.streetsWithin({
            minLat: query.lat - d.lat,
            maxLat: query.lat + d.lat,
            minLon: query.lon - d.lon,
            maxLon: query.lon + d.lon,
          }),
          (r) => metresToStreet(point, r.street),
        ).filter((r) => r.metres <= query.radius_meters);
        const street = near[0];
        if (street) {
          return clean(source, street.city, street.street, null, {
            qcGeo: 2,
            qcHouse: 10,
            qc: 1,
            typedHouse: null,
            typedBlock: null,
            unparsed: null,
          });
        }
        return emptyClean(source, null, 5);
      }

      const source = query.query ?? "";
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      const { parsed, streets } = await matchStreets(city, source, 5);
      const street = streets[0];
      if (!street) return emptyClean(source, city, 4);
      const unparsed = parsed.rest.length > 0 ? parsed.rest.join(" ") : null;
      if (parsed.house === null) {
        return clean(source, city, street, null, {
          qcGeo: 2,
          qcHouse: 10,
          qc: 1,
          typedHouse: null,
          typedBlock: null,
          unparsed,
        });
      }
      const houses = await repository.housesOf([street.id], parsed.house, parsed.block, 20);
      const exact = houses
        .filter(
          (h) =>
            h.number.toLowerCase() === parsed.house && (parsed.block === null || h.block === parsed.block),
        )
        .sort(compareHouses)[0];
      return clean(source, city, street, exact ?? null, {
        qcGeo: exact ? 0 : 2,
        qcHouse: exact ? 2 : 10,
        // A typo fixed or words left over: worth a look (DaData's qc 1).
        qc: exact && street.rank < 2 && !unparsed ? 0 : 1,
        typedHouse: parsed.house,
        typedBlock: parsed.block,
        unparsed,
      });
    },

    /** Whether a point is outside the city's courier zone (a circle around its centre, ADR 035). */
    async outOfRange(query: OutOfRangeQuery, choice: CityChoice): Promise<OutOfRange> {
      const city = await resolveCity(repository, { cityId: query.cityId, ...choice });
      const place = { latitude: query.lat, longitude: query.lon, timezone: city.timezone };
      const km = Math.round(distanceKm(city, place) * 100) / 100;
      const outOfRange = km > city.deliveryRadiusKm;
      return {
        outOfRange,
        distanceKm: km,
        radiusKm: city.deliveryRadiusKm,
        city: { id: city.id, name: city.name },
        message: outOfRange ? addressProblemMessages.outOfRange : null,
      };
    },
  };
}
export type SuggestService = ReturnType<typeof createSuggestService>;
