import { Hono } from "hono";
import {
  searchQuerySchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from "#contract/search.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";
import type { SearchService } from "#server/domain/search/service.ts";

export const searchDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/search",
    summary:
      "Поиск товаров: морфология, опечатки, неверная раскладка клавиатуры; сортировки, постраничная навигация, категории с совпадениями",
    tag: "search",
    query: searchQuerySchema,
    response: searchResultSchema,
  },
  {
    method: "get",
    path: "/v1/search/suggest",
    summary: "Подсказки при вводе запроса: запросы, категории, бренды и товары",
    tag: "search",
    query: suggestQuerySchema,
    response: suggestResultSchema,
  },
];

/** The route needs only the search service from the services, so it can be mounted before the wiring lands. */
export type SearchRouteEnv = {
  Variables: Omit<AppEnv["Variables"], "services"> & { services: { search: SearchService } };
};

/** Results of a query change with the catalogue, not per shopper: caches and the CDN may share them. */
const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

export const searchRoute = new Hono<SearchRouteEnv>()
  .get("/", validate("query", searchQuerySchema), async (c) => {
    const result = await c.get("services").search.search(c.req.valid("query"));
    c.header("Cache-Control", CACHE_CONTROL);
    return c.json(result);
  })
  .get("/suggest", validate("query", suggestQuerySchema), async (c) => {
    const result = await c.get("services").search.suggest(c.req.valid("query").q);
    c.header("Cache-Control", CACHE_CONTROL);
    return c.json(result);
  });
