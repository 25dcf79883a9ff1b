import {
  searchFacetsQuerySchema,
  searchFacetsSchema,
  searchQuerySchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from "#contract/search.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";
import { extractPropertyParams } from "#server/domain/catalog/facets-filters.ts";
import type { SearchService } from "#server/domain/search/service.ts";
import type { AppEnv } from "#server/http/env.ts";

const searchProducts = defineRoute({
  method: "get",
  path: "/",
  operationId: "searchProducts",
  tags: ["search"],
  summary: "Поиск товаров",
  description:
    "Морфология, опечатки, неверная раскладка клавиатуры, бренды и модели кириллицей («айфон 15»); " +
    "фильтры списка товаров (categoryId, brand, seller, priceMin, priceMax, inStock, cashback, topProfit, " +
    "ratingMin, p.<код> — свойства выбранной категории или той, где больше половины найденного), " +
    "сортировки, постраничная навигация, категории с совпадениями",
  cache: "shared",
  freshness: "search",
  statementTimeout: "search",
  rateLimit: "search",
  request: { query: searchQuerySchema },
  responses: { ...jsonOk(searchResultSchema, "Результаты поиска"), ...errorResponses(404, 429) },
});

const searchFacets = defineRoute({
  method: "get",
  path: "/facets",
  operationId: "getSearchFacets",
  tags: ["search"],
  summary: "Фильтры результатов поиска со счётчиками",
  description:
    "Как фильтры списка товаров, по найденному запросом q: каждый счётчик — с учётом остальных выбранных " +
    "фильтров; свойства — выбранной категории (categoryId) или той, где больше половины найденного (category)",
  cache: "shared",
  freshness: "search",
  statementTimeout: "search",
  rateLimit: "facets",
  request: { query: searchFacetsQuerySchema },
  responses: { ...jsonOk(searchFacetsSchema, "Фильтры со счётчиками"), ...errorResponses(404, 429) },
});

const suggest = defineRoute({
  method: "get",
  path: "/suggest",
  operationId: "suggestSearch",
  tags: ["search"],
  summary: "Подсказки при вводе запроса",
  description: "Запросы, категории, бренды и товары",
  cache: "shared",
  freshness: "search",
  statementTimeout: "suggest",
  rateLimit: "suggest",
  request: { query: suggestQuerySchema },
  responses: { ...jsonOk(suggestResultSchema, "Подсказки"), ...errorResponses(429) },
});

/** The route needs only the search service from the services, so it can be mounted before the wiring lands. */
export type SearchRouteEnv = {
  Variables: Omit<AppEnv["Variables"], "services"> & { services: { search: SearchService } };
};

export const searchRoute = createRouter<SearchRouteEnv>()
  .openapi(searchProducts, async (c) =>
    c.json(
      await c.get("services").search.search(c.req.valid("query"), extractPropertyParams(c.req.queries())),
      200,
    ),
  )
  // Before any "/{…}" route a later change might add.
  .openapi(searchFacets, async (c) =>
    c.json(
      await c.get("services").search.facets(c.req.valid("query"), extractPropertyParams(c.req.queries())),
      200,
    ),
  )
  .openapi(suggest, async (c) => c.json(await c.get("services").search.suggest(c.req.valid("query").q), 200));
