import { categoryTreeQuerySchema, categoryTreeSchema } from "#contract/catalog.ts";
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

export const categoriesRoute = createRouter().openapi(getCategoryTree, async (c) =>
  c.json(await c.get("services").catalog.categoryTree(c.req.valid("query").depth), 200),
);
