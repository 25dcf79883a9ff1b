import { Hono } from "hono";
import { catalogMenuSchema, menuNodeParamsSchema, menuNodeSchema } from "#contract/catalog-menu.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";

export const catalogMenuDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/catalog-menu",
    summary:
      "Меню каталога: корневые разделы с подразделами и их пунктами (три уровня) — всё, что нужно " +
      "выпадающему меню каталога, одним запросом",
    tag: "catalog",
    response: catalogMenuSchema,
  },
  {
    method: "get",
    path: "/v1/catalog-menu/{id}",
    summary: "Раздел меню каталога: цепочка родительских разделов и дочерние пункты с числом товаров",
    tag: "catalog",
    params: menuNodeParamsSchema,
    response: menuNodeSchema,
    errors: [404],
  },
];

export const catalogMenuRoute = new Hono<AppEnv>()
  // Shared reads: Cache-Control and ETag come from apiCacheHeaders (ADR 012).
  .get("/", async (c) => c.json(await c.get("services").catalogMenu.menu()))
  .get("/:id", validate("param", menuNodeParamsSchema), async (c) =>
    c.json(await c.get("services").catalogMenu.node(c.req.valid("param").id)),
  );
