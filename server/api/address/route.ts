import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import {
  type CityList,
  type CurrentCity,
  cityListSchema,
  currentCitySchema,
  findCityQuerySchema,
} from "#contract/geo.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";
import { CITY_COOKIE, CITY_COOKIE_MAX_AGE_S, cityIdFromCookie, cityIdParamsSchema } from "./schemas.ts";

export const addressDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/address",
    summary: "Города доставки, крупнейшие первыми",
    tag: "geo",
    response: cityListSchema,
  },
  {
    method: "get",
    path: "/v1/address/find/city",
    summary: "Подсказки городов: по началу названия, затем с учётом опечаток (ё и е не различаются)",
    tag: "geo",
    query: findCityQuerySchema,
    response: cityListSchema,
  },
  {
    method: "get",
    path: "/v1/address/current",
    summary: "Город посетителя из cookie city_id; без выбора — Москва с confirmed=false",
    tag: "geo",
    response: currentCitySchema,
  },
  {
    method: "post",
    path: "/v1/address/confirm/{id}",
    summary: "Выбрать город: запоминает его в cookie city_id на год",
    tag: "geo",
    params: cityIdParamsSchema,
    response: currentCitySchema,
    errors: [404],
  },
];

// The city list changes with releases, not per visitor: browsers and CDNs may keep it.
const PUBLIC_REFERENCE = "public, max-age=3600";
// The current city is per visitor: never stored by a shared cache, never reused without asking.
const PRIVATE = "private, no-store";

/** TLS may end at the load balancer, which then says so in X-Forwarded-Proto. */
function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  return c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

export const addressRoute = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", PUBLIC_REFERENCE);
    return c.json<CityList>(await c.get("services").geo.listCities());
  })
  .get("/find/city", validate("query", findCityQuerySchema), async (c) => {
    c.header("Cache-Control", PUBLIC_REFERENCE);
    return c.json<CityList>(await c.get("services").geo.findCities(c.req.valid("query")));
  })
  .get("/current", async (c) => {
    c.header("Cache-Control", PRIVATE);
    const chosenId = cityIdFromCookie(getCookie(c, CITY_COOKIE));
    return c.json<CurrentCity>(await c.get("services").geo.currentCity(chosenId));
  })
  .post("/confirm/:id", validate("param", cityIdParamsSchema), async (c) => {
    c.header("Cache-Control", PRIVATE);
    const current = await c.get("services").geo.confirmCity(c.req.valid("param").id);
    setCookie(c, CITY_COOKIE, String(current.city.id), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: isHttps(c),
      maxAge: CITY_COOKIE_MAX_AGE_S,
    });
    return c.json<CurrentCity>(current);
  });
