import { categoryTreeQuerySchema, categoryTreeSchema } from "#contract/catalog.ts";
import { catalogTilesSchema } from "#contract/catalog-tiles.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getCategoryTree = defineRoute({
  method: "get",
  path: "/",
  operationId: "getCategoryTree",
  tags: ["catalog"],
  summary: "Дерево категорий каталога",
  cache: "shared",
  request: { query: categoryTreeQuerySchema },
  responses: { ...jsonOk(categoryTreeSchema, "Дерево категорий"), ...errorResponses() },
});

const getCatalogTiles = defineRoute({
  method: "get",
  path: "/tiles",
  operationId: "getCatalogTiles",
  tags: ["catalog"],
  summary: "Разделы каталога и их подразделы с картинкой самого популярного товара в наличии",
  cache: "shared",
  responses: { ...jsonOk(catalogTilesSchema, "Разделы с подразделами"), ...errorResponses() },
});

export const categoriesRoute = createRouter()
  .openapi(getCategoryTree, async (c) =>
    c.json(await c.get("services").catalog.categoryTree(c.req.valid("query").depth), 200),
  )
  .openapi(getCatalogTiles, async (c) => c.json(await c.get("services").catalogTiles.tiles(), 200));
