import { catalogMenuSchema, menuNodeParamsSchema, menuNodeSchema } from "#contract/catalog-menu.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getCatalogMenu = defineRoute({
  method: "get",
  path: "/",
  operationId: "getCatalogMenu",
  tags: ["catalog"],
  summary: "Меню каталога",
  description:
    "Корневые разделы с подразделами и их пунктами (три уровня) — всё, что нужно выпадающему меню " +
    "каталога, одним запросом",
  cache: "shared",
  responses: { ...jsonOk(catalogMenuSchema, "Меню каталога"), ...errorResponses() },
});

const getCatalogMenuNode = defineRoute({
  method: "get",
  path: "/{id}",
  operationId: "getCatalogMenuNode",
  tags: ["catalog"],
  summary: "Раздел меню каталога",
  description: "Цепочка родительских разделов и дочерние пункты с числом товаров",
  cache: "shared",
  request: { params: menuNodeParamsSchema },
  responses: { ...jsonOk(menuNodeSchema, "Раздел меню"), ...errorResponses(404) },
});

export const catalogMenuRoute = createRouter()
  .openapi(getCatalogMenu, async (c) => c.json(await c.get("services").catalogMenu.menu(), 200))
  .openapi(getCatalogMenuNode, async (c) =>
    c.json(await c.get("services").catalogMenu.node(c.req.valid("param").id), 200),
  );
