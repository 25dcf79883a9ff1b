import {
  productDetailSchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productListQuerySchema,
  productListSchema,
  reviewListQuerySchema,
  reviewListSchema,
} from "#contract/catalog.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";
import { extractPropertyParams } from "#server/domain/catalog/facets-filters.ts";
import { productIdParamsSchema } from "./schemas.ts";

const PROPERTY_FILTERS =
  "Фильтры по свойствам категории: p.<код>=<значение>[,<значение>] для перечислений и да/нет, " +
  "p.<код>=<от>-<до> для чисел (любой конец можно опустить). Цены в запросе — в рублях, в ответе — в копейках.";

const listProducts = defineRoute({
  method: "get",
  path: "/",
  operationId: "listProducts",
  tags: ["catalog"],
  summary: "Список товаров",
  description: `Список товаров с фильтрами, сортировкой и постраничной навигацией. ${PROPERTY_FILTERS}`,
  cache: "shared",
  rateLimit: "listing",
  request: { query: productListQuerySchema },
  responses: { ...jsonOk(productListSchema, "Страница списка товаров"), ...errorResponses(404, 429) },
});

const productFacets = defineRoute({
  method: "get",
  path: "/facets",
  operationId: "getProductFacets",
  tags: ["catalog"],
  summary: "Фильтры списка товаров со счётчиками",
  description: `Каждый счётчик — с учётом всех остальных выбранных фильтров. ${PROPERTY_FILTERS}`,
  cache: "shared",
  rateLimit: "facets",
  request: { query: productFacetsQuerySchema },
  responses: { ...jsonOk(productFacetsSchema, "Фильтры со счётчиками"), ...errorResponses(404, 429) },
});

const productReviews = defineRoute({
  method: "get",
  path: "/{id}/reviews",
  operationId: "listProductReviews",
  tags: ["catalog"],
  summary: "Отзывы о товаре",
  description:
    "Отзывы с фото покупателей: распределение оценок и число отзывов с фото (по всем отзывам), " +
    "сортировка, фильтр withPhotos=true (только отзывы с фото), страницы. Фото каждого отзыва — по порядку.",
  cache: "shared",
  request: { params: productIdParamsSchema, query: reviewListQuerySchema },
  responses: { ...jsonOk(reviewListSchema, "Страница отзывов"), ...errorResponses(404) },
});

const getProduct = defineRoute({
  method: "get",
  path: "/{id}",
  operationId: "getProduct",
  tags: ["catalog"],
  summary: "Карточка товара",
  cache: "shared",
  request: { params: productIdParamsSchema },
  responses: { ...jsonOk(productDetailSchema, "Товар"), ...errorResponses(404) },
});

export const productsRoute = createRouter()
  .openapi(listProducts, async (c) =>
    c.json(
      await c
        .get("services")
        .catalog.listProducts(c.req.valid("query"), extractPropertyParams(c.req.queries())),
      200,
    ),
  )
  // Before "/{id}", which would take "facets" for an id.
  .openapi(productFacets, async (c) =>
    c.json(
      await c
        .get("services")
        .catalog.productFacets(c.req.valid("query"), extractPropertyParams(c.req.queries())),
      200,
    ),
  )
  .openapi(productReviews, async (c) =>
    c.json(await c.get("services").catalog.reviews(c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(getProduct, async (c) =>
    c.json(await c.get("services").catalog.getProduct(c.req.valid("param").id), 200),
  );
