import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  cleanAddressQuerySchema,
  dadataCleanAddressSchema,
  dadataSuggestionsSchema,
  outOfRangeQuerySchema,
  outOfRangeSchema,
  reverseGeocodeQuerySchema,
  suggestQuerySchema,
} from "#contract/suggest.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";
import { CITY_COOKIE, cityIdFromCookie } from "#server/http/city-cookie.ts";
import type { AppEnv } from "#server/http/env.ts";

/** Typed as the shopper types: counted in the suggestions budget and under its short statement timeout. */
const typing = {
  tags: ["suggest"] as [string],
  statementTimeout: "suggest" as const,
  rateLimit: "suggest" as const,
};

const CITY_NOTE = "Без cityId — город посетителя (cookie city_id), по умолчанию Москва.";

const suggestAddress = defineRoute({
  ...typing,
  method: "get",
  path: "/address",
  operationId: "suggestAddress",
  summary: "Подсказки адреса: улицы и дома города (формат DaData)",
  description: `«ленина» — улицы, «ленина 12» — дома улицы, номер которых начинается с 12; опечатки в названии улицы допускаются. ${CITY_NOTE}`,
  cache: "city",
  request: { query: suggestQuerySchema },
  responses: { ...jsonOk(dadataSuggestionsSchema, "Подсказки DaData"), ...errorResponses(404, 429) },
});

const suggestStreet = defineRoute({
  ...typing,
  method: "get",
  path: "/street",
  operationId: "suggestStreet",
  summary: "Подсказки улиц города (формат DaData, до уровня улицы)",
  description: CITY_NOTE,
  cache: "city",
  request: { query: suggestQuerySchema },
  responses: { ...jsonOk(dadataSuggestionsSchema, "Улицы"), ...errorResponses(404, 429) },
});

const reverseGeocode = defineRoute({
  ...typing,
  method: "get",
  path: "/geocode/reverse",
  operationId: "reverseGeocode",
  summary: "Адрес по координатам: ближайшие дома (геолокация DaData)",
  description:
    "Дома в радиусе radius_meters (по умолчанию 100 м, не больше 1 км), ближайшие первыми; пусто, если рядом нет домов",
  cache: "shared",
  freshness: "reference",
  request: { query: reverseGeocodeQuerySchema },
  responses: { ...jsonOk(dadataSuggestionsSchema, "Дома рядом с точкой"), ...errorResponses(429) },
});

const cleanAddress = defineRoute({
  ...typing,
  method: "get",
  path: "/geocode/reverse/clean",
  operationId: "cleanAddress",
  summary: "Один стандартизованный адрес по тексту или точке (формат «стандартизации» DaData)",
  description: `query — разбор введённого адреса; lat и lon — ближайший дом в радиусе (на улице без дома — улица). Коды qc, qc_geo, qc_house говорят, чего не хватает: улицы нет — адрес неизвестен, нет дома — адрес неполный, у точки ничего рядом — не удалось определить адрес. ${CITY_NOTE}`,
  cache: "city",
  request: { query: cleanAddressQuerySchema },
  responses: { ...jsonOk(dadataCleanAddressSchema, "Стандартизованный адрес"), ...errorResponses(404, 429) },
});

const outOfRange = defineRoute({
  ...typing,
  method: "get",
  path: "/geocode/out-of-range",
  operationId: "addressOutOfRange",
  summary: "Вне ли точка зоны курьерской доставки города",
  description: `Зона — круг вокруг центра города (радиус radiusKm). ${CITY_NOTE}`,
  cache: "city",
  request: { query: outOfRangeQuerySchema },
  responses: { ...jsonOk(outOfRangeSchema, "Ответ и расстояние"), ...errorResponses(404, 429) },
});

function cookieCity(c: Context<AppEnv>) {
  return { cookieCityId: cityIdFromCookie(getCookie(c, CITY_COOKIE)) };
}

/** The spec's `/v1/suggest/…` (ADR 035): the DaData stand-in over the generated streets and houses. */
export const suggestRoute = createRouter()
  .openapi(suggestAddress, async (c) =>
    c.json(await c.get("services").suggest.suggestAddress(c.req.valid("query"), cookieCity(c)), 200),
  )
  .openapi(suggestStreet, async (c) =>
    c.json(await c.get("services").suggest.suggestStreet(c.req.valid("query"), cookieCity(c)), 200),
  )
  .openapi(cleanAddress, async (c) =>
    c.json(await c.get("services").suggest.clean(c.req.valid("query"), cookieCity(c)), 200),
  )
  .openapi(reverseGeocode, async (c) =>
    c.json(await c.get("services").suggest.reverse(c.req.valid("query")), 200),
  )
  .openapi(outOfRange, async (c) =>
    c.json(await c.get("services").suggest.outOfRange(c.req.valid("query"), cookieCity(c)), 200),
  );
