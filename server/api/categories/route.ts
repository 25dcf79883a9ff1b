import { Hono } from "hono";
import { categoryTreeQuerySchema, categoryTreeSchema } from "#contract/catalog.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";

export const categoriesDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/categories",
    summary: "Дерево категорий каталога",
    tag: "catalog",
    query: categoryTreeQuerySchema,
    response: categoryTreeSchema,
  },
];

export const categoriesRoute = new Hono<AppEnv>().get(
  "/",
  validate("query", categoryTreeQuerySchema),
  async (c) => {
    // The tree changes with merchandising, not per request.
    c.header("Cache-Control", "public, max-age=60, stale-while-revalidate=600");
    return c.json(await c.get("services").catalog.categoryTree(c.req.valid("query").depth));
  },
);
