import { z } from "zod";
import { idParam } from "./id-param.ts";

// Address suggestions and geocoding (spec `/v1/suggest/…`) in DaData's wire format (ADR 035): the
// stand-in answers from the generated street and house table of each seeded city, and a real DaData
// account could be put behind the same endpoints without the storefront noticing.
//   suggest/address, suggest/street, geocode/reverse → { suggestions: [{ value, unrestricted_value, data }] }
//   geocode/reverse/clean → one DaData "clean" object (source, result, …, qc, qc_geo, qc_complete, qc_house)
//   geocode/out-of-range → { outOfRange, distanceKm, radiusKm, message }
// Field names are DaData's (snake_case, numbers as strings in `data`), so a DaData client library reads them.

export const SUGGEST_DEFAULT_COUNT = 10;
export const SUGGEST_MAX_COUNT = 20;
/** As the search's own bound (ADR 024). */
export const SUGGEST_MAX_QUERY_LENGTH = 200;
/** DaData's geolocate: 100 m unless asked, at most 1 km. */
export const REVERSE_DEFAULT_RADIUS_M = 100;
export const REVERSE_MAX_RADIUS_M = 1_000;

/** DaData's `fias_level`: how deep the suggestion goes. */
export const FIAS_LEVEL = { city: "4", street: "7", house: "8" } as const;

export const suggestMessages = {
  query: "Введите адрес",
  queryTooLong: `Адрес — не длиннее ${SUGGEST_MAX_QUERY_LENGTH} символов`,
  count: `Количество подсказок — от 1 до ${SUGGEST_MAX_COUNT}`,
  city: "Город указан неверно",
  lat: "Широта — число от −90 до 90",
  lon: "Долгота — число от −180 до 180",
  radius: `Радиус поиска — от 1 до ${REVERSE_MAX_RADIUS_M} метров`,
  queryOrPoint: "Укажите адрес или координаты точки",
} as const;

const queryText = z
  .string({ error: suggestMessages.query })
  .trim()
  .min(1, { error: suggestMessages.query })
  .max(SUGGEST_MAX_QUERY_LENGTH, { error: suggestMessages.queryTooLong });

const count = (fallback: number) =>
  z.coerce
    .number({ error: suggestMessages.count })
    .int({ error: suggestMessages.count })
    .min(1, { error: suggestMessages.count })
    .max(SUGGEST_MAX_COUNT, { error: suggestMessages.count })
    .default(fallback);

/** Optional: the shopper's current city (the `city_id` cookie) when absent. */
const cityId = idParam(suggestMessages.city).optional();

const latitude = z.coerce
  .number({ error: suggestMessages.lat })
  .min(-90, { error: suggestMessages.lat })
  .max(90, { error: suggestMessages.lat });
const longitude = z.coerce
  .number({ error: suggestMessages.lon })
  .min(-180, { error: suggestMessages.lon })
  .max(180, { error: suggestMessages.lon });

/** `GET /api/v1/suggest/address` and `/api/v1/suggest/street`. */
export const suggestQuerySchema = z.object({
  query: queryText,
  cityId,
  count: count(SUGGEST_DEFAULT_COUNT),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

/** `GET /api/v1/suggest/geocode/reverse`: DaData's geolocate (lat, lon, radius_meters, count). */
export const reverseGeocodeQuerySchema = z.object({
  lat: latitude,
  lon: longitude,
  radius_meters: z.coerce
    .number({ error: suggestMessages.radius })
    .int({ error: suggestMessages.radius })
    .min(1, { error: suggestMessages.radius })
    .max(REVERSE_MAX_RADIUS_M, { error: suggestMessages.radius })
    .default(REVERSE_DEFAULT_RADIUS_M),
  count: count(SUGGEST_DEFAULT_COUNT),
});
export type ReverseGeocodeQuery = z.infer<typeof reverseGeocodeQuerySchema>;

/**
 * `GET /api/v1/suggest/geocode/reverse/clean`: one standardised address for either typed text (`query`,
 * DaData's "clean") or a map point (`lat` and `lon`, the nearest house within `radius_meters`).
 */
export const cleanAddressQuerySchema = z
  .object({
    query: queryText.optional(),
    lat: latitude.optional(),
    lon: longitude.optional(),
    radius_meters: z.coerce
      .number({ error: suggestMessages.radius })
      .int({ error: suggestMessages.radius })
      .min(1, { error: suggestMessages.radius })
      .max(REVERSE_MAX_RADIUS_M, { error: suggestMessages.radius })
      .default(REVERSE_DEFAULT_RADIUS_M),
    cityId,
  })
  .refine((q) => (q.query !== undefined) !== (q.lat !== undefined && q.lon !== undefined), {
    error: suggestMessages.queryOrPoint,
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), { error: suggestMessages.queryOrPoint });
export type CleanAddressQuery = z.infer<typeof cleanAddressQuerySchema>;

/** `GET /api/v1/suggest/geocode/out-of-range`. */
export const outOfRangeQuerySchema = z.object({ lat: latitude, lon: longitude, cityId });
export type OutOfRangeQuery = z.infer<typeof outOfRangeQuerySchema>;

const nullableText = z.string().nullable();

/** DaData's `data` of an address suggestion (the fields the stand-in fills; the rest DaData also has). */
export const dadataAddressSchema = z.object({
  postal_code: nullableText,
  country: z.string(),
  country_iso_code: z.string(),
  region_with_type: z.string(),
  region: z.string(),
  /** Our own id of the city, as DaData's FIAS id would be: "vitrina-city-<id>". */
  city_fias_id: z.string(),
  city_with_type: z.string().describe("«г Москва»"),
  city_type: z.string(),
  city_type_full: z.string(),
  city: z.string(),
  street_fias_id: nullableText,
  street_with_type: nullableText.describe("«ул Ленина», «Комсомольский пр-кт»"),
  street_type: nullableText,
  street_type_full: nullableText,
  street: nullableText,
  house_fias_id: nullableText,
  house_type: nullableText.describe("«д»"),
  house_type_full: nullableText,
  house: nullableText,
  block_type: nullableText.describe("«к» — корпус"),
  block_type_full: nullableText,
  block: nullableText,
  flat_type: nullableText,
  flat: nullableText,
  /** The deepest object's id: "vitrina-house-<id>", "vitrina-street-<id>" or the city's. */
  fias_id: z.string(),
  fias_level: z.string().describe("4 город, 7 улица, 8 дом"),
  geo_lat: nullableText,
  geo_lon: nullableText,
  /** 0 exact house, 2 street, 4 city (as DaData's qc_geo). */
  qc_geo: nullableText,
  timezone: z.string().describe("IANA-зона города, например Europe/Moscow"),
});
export type DadataAddress = z.infer<typeof dadataAddressSchema>;

export const dadataSuggestionSchema = z.object({
  /** «г Москва, ул Ленина, д 12» */
  value: z.string(),
  /** With the postal code and the region: «101000, г Москва, ул Ленина, д 12». */
  unrestricted_value: z.string(),
  data: dadataAddressSchema,
});
export type DadataSuggestion = z.infer<typeof dadataSuggestionSchema>;

export const dadataSuggestionsSchema = z.object({ suggestions: z.array(dadataSuggestionSchema) });
export type DadataSuggestions = z.infer<typeof dadataSuggestionsSchema>;

/** DaData's "clean" answer for one address (cleaner.dadata.ru/api/v1/clean/address), the fields we fill. */
export const dadataCleanAddressSchema = z.object({
  /** What was asked: the text, or "55.75, 37.61" for a point. */
  source: z.string(),
  /** The standardised address, or null when nothing was recognised. */
  result: nullableText,
  postal_code: nullableText,
  country: z.string(),
  region_with_type: nullableText,
  city_fias_id: nullableText,
  city_with_type: nullableText,
  city: nullableText,
  street_fias_id: nullableText,
  street_with_type: nullableText,
  street_type: nullableText,
  street: nullableText,
  house_fias_id: nullableText,
  house_type: nullableText,
  house: nullableText,
  block_type: nullableText,
  block: nullableText,
  flat: nullableText,
  fias_id: nullableText,
  fias_level: z.string(),
  geo_lat: nullableText,
  geo_lon: nullableText,
  /** 0 exact house, 1 nearest house, 2 street, 4 city, 5 not found. */
  qc_geo: z.number().int(),
  /** 0 fit for delivery, 3 no street, 4 no house (as DaData's qc_complete, the codes we use). */
  qc_complete: z.number().int(),
  /** 2 the house exists, 10 not found. */
  qc_house: z.number().int(),
  /** 0 recognised with confidence, 1 parts left over or missing, 2 empty or garbage. */
  qc: z.number().int(),
  /** What was left over of the text (null for a point or a full match). */
  unparsed_parts: nullableText,
  timezone: nullableText,
});
export type DadataCleanAddress = z.infer<typeof dadataCleanAddressSchema>;

export const outOfRangeSchema = z.object({
  outOfRange: z.boolean(),
  /** From the city's centre. */
  distanceKm: z.number(),
  /** The city's courier zone: a circle of this radius around its centre. */
  radiusKm: z.number(),
  city: z.object({ id: z.number().int(), name: z.string() }),
  /** addressProblemMessages.outOfRange when outside, else null. */
  message: z.string().nullable(),
});
export type OutOfRange = z.infer<typeof outOfRangeSchema>;

export { streetAndHouse } from "./delivery-rules.ts";
