import { Hono } from "hono";
import {
  productDetailSchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productListQuerySchema,
  productListSchema,
  reviewListQuerySchema,
  reviewListSchema,
} from "#contract/catalog.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";
import { extractPropertyParams } from "#server/domain/catalog/facets-filters.ts";
import { productIdParamsSchema } from "./schemas.ts";

const PROPERTY_FILTERS =
  "Фильтры по свойствам категории: p.<код>=<значение>[,<значение>] для перечислений и да/нет, " +
  "p.<код>=<от>-<до> для чисел (любой конец можно опустить). Цены в запросе — в рублях, в ответе — в копейках.";

export const productsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/products/{id}/reviews",
    summary:
      "Отзывы о товаре с фото покупателей: распределение оценок и число отзывов с фото (по всем отзывам), " +
      "сортировка, фильтр withPhotos=true (только отзывы с фото), страницы. Фото каждого отзыва — по порядку.",
    tag: "catalog",
    params: productIdParamsSchema,
    query: reviewListQuerySchema,
    response: reviewListSchema,
    errors: [404],
  },
  {
    method: "get",
    path: "/v1/products",
    summary: `Список товаров с фильтрами, сортировкой и постраничной навигацией. ${PROPERTY_FILTERS}`,
    tag: "catalog",
    query: productListQuerySchema,
    response: productListSchema,
    errors: [404],
  },
  {
    method: "get",
    path: "/v1/products/facets",
    summary: `Фильтры списка товаров со счётчиками (каждый — с учётом всех остальных выбранных фильтров). ${PROPERTY_FILTERS}`,
    tag: "catalog",
    query: productFacetsQuerySchema,
    response: productFacetsSchema,
    errors: [404],
  },
  {
    method: "get",
    path: "/v1/products/{id}",
    summary: "Карточка товара",
    tag: "catalog",
    params: productIdParamsSchema,
    response: productDetailSchema,
    errors: [404],
  },
];

export const productsRoute = new Hono<AppEnv>()
  .get("/", validate("query", productListQuerySchema), async (c) =>
    c.json(
      await c
        .get("services")
        .catalog.listProducts(c.req.valid("query"), extractPropertyParams(c.req.queries())),
    ),
  )
  // Before "/:id", which would take "facets" for an id.
  .get("/facets", validate("query", productFacetsQuerySchema), async (c) =>
    c.json(
      await c
        .get("services")
        .catalog.productFacets(c.req.valid("query"), extractPropertyParams(c.req.queries())),
    ),
  )
  .get(
    "/:id/reviews",
    validate("param", productIdParamsSchema),
    validate("query", reviewListQuerySchema),
    async (c) =>
      c.json(await c.get("services").catalog.reviews(c.req.valid("param").id, c.req.valid("query"))),
  )
  .get("/:id", validate("param", productIdParamsSchema), async (c) =>
    c.json(await c.get("services").catalog.getProduct(c.req.valid("param").id)),
  );
