import { z } from "@hono/zod-openapi";
import { productCardSchema } from "#contract/catalog.ts";
import { idParam } from "#contract/id-param.ts";
import { ensureOwner } from "#server/api/actor.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const productParams = z.object({
  productId: idParam("Идентификатор товара должен быть целым положительным числом"),
});
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) });
const viewedListSchema = z.object({ items: z.array(productCardSchema) });

const listViewed = defineRoute({
  method: "get",
  path: "/",
  operationId: "listViewedProducts",
  tags: ["catalog"],
  summary: "Недавно просмотренные товары посетителя",
  description: "По cookie посетителя, новые первыми",
  cache: "personal",
  request: { query: listQuery },
  responses: { ...jsonOk(viewedListSchema, "Просмотренные товары"), ...errorResponses() },
});

const recordViewed = defineRoute({
  method: "post",
  path: "/{productId}",
  operationId: "recordProductView",
  tags: ["catalog"],
  summary: "Отметить просмотр товара",
  description: "Выдаёт посетителю cookie, если её ещё нет",
  cache: "personal",
  request: { params: productParams },
  responses: { 204: { description: "Просмотр отмечен" }, ...errorResponses(403, 404) },
});

export const viewedRoute = createRouter()
  .openapi(listViewed, async (c) =>
    c.json(await c.get("services").viewed.list(c.get("actor"), c.req.valid("query").limit), 200),
  )
  .openapi(recordViewed, async (c) => {
    await c.get("services").viewed.record(ensureOwner(c), c.req.valid("param").productId);
    return c.body(null, 204);
  });
