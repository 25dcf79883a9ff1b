import { getCookie, setCookie } from "hono/cookie";
import { cityListSchema, currentCitySchema, findCityQuerySchema } from "#contract/geo.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";
import { CITY_COOKIE, CITY_COOKIE_MAX_AGE_S, cityIdFromCookie } from "#server/http/city-cookie.ts";
import { isHttps } from "#server/http/public-origin.ts";
import { cityIdParamsSchema } from "./schemas.ts";

const listCities = defineRoute({
  method: "get",
  path: "/",
  operationId: "listCities",
  tags: ["geo"],
  summary: "Города доставки, крупнейшие первыми",
  // The city list changes with releases, not per visitor: browsers and CDNs may keep it.
  cache: "shared",
  freshness: "reference",
  responses: { ...jsonOk(cityListSchema, "Города"), ...errorResponses() },
});

const findCities = defineRoute({
  method: "get",
  path: "/find/city",
  operationId: "findCities",
  tags: ["geo"],
  summary: "Подсказки городов",
  description: "По началу названия, затем с учётом опечаток (ё и е не различаются)",
  cache: "shared",
  freshness: "reference",
  request: { query: findCityQuerySchema },
  responses: { ...jsonOk(cityListSchema, "Подходящие города"), ...errorResponses() },
});

const currentCity = defineRoute({
  method: "get",
  path: "/current",
  operationId: "getCurrentCity",
  tags: ["geo"],
  summary: "Город посетителя",
  description: "Из cookie city_id; без выбора — Москва с confirmed=false",
  // Depends on the city cookie alone (ADR 022).
  cache: "city",
  responses: { ...jsonOk(currentCitySchema, "Текущий город"), ...errorResponses() },
});

const confirmCity = defineRoute({
  method: "post",
  path: "/confirm/{id}",
  operationId: "confirmCity",
  tags: ["geo"],
  summary: "Выбрать город",
  description: "Запоминает его в cookie city_id на год",
  cache: "city",
  request: { params: cityIdParamsSchema },
  responses: { ...jsonOk(currentCitySchema, "Выбранный город"), ...errorResponses(403, 404) },
});

export const addressRoute = createRouter()
  .openapi(listCities, async (c) => c.json(await c.get("services").geo.listCities(), 200))
  .openapi(findCities, async (c) => c.json(await c.get("services").geo.findCities(c.req.valid("query")), 200))
  .openapi(currentCity, async (c) => {
    const chosenId = cityIdFromCookie(getCookie(c, CITY_COOKIE));
    return c.json(await c.get("services").geo.currentCity(chosenId), 200);
  })
  .openapi(confirmCity, async (c) => {
    const current = await c.get("services").geo.confirmCity(c.req.valid("param").id);
    setCookie(c, CITY_COOKIE, String(current.city.id), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: isHttps(c),
      maxAge: CITY_COOKIE_MAX_AGE_S,
    });
    return c.json(current, 200);
  });
