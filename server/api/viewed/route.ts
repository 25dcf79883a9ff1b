import { z } from "@hono/zod-openapi";
import { productCardSchema } from "#contract/catalog.ts";
import { idParam } from "#contract/id-param.ts";
import { ensureOwner } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonOk,
  PERSONAL_SECURITY,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";

const productParams = z.object({
  productId: idParam("Идентификатор товара должен быть целым положительным числом"),
});
/** The signed-in shopper's views, or the anonymous visitor's (ADR 032). */
const security = [...SIGNED_IN_SECURITY, ...PERSONAL_SECURITY];
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) });
const viewedListSchema = z.object({ items: z.array(productCardSchema) });

const listViewed = defineRoute({
  method: "get",
  path: "/",
  operationId: "listViewedProducts",
  tags: ["catalog"],
  summary: "Недавно просмотренные товары покупателя",
  description: "Вошедшего — его аккаунта, иначе по cookie посетителя; новые первыми, хранятся 50 последних",
  cache: "personal",
  security,
  request: { query: listQuery },
  responses: { ...jsonOk(viewedListSchema, "Просмотренные товары"), ...errorResponses() },
});

const recordViewed = defineRoute({
  method: "post",
  path: "/{productId}",
  operationId: "recordProductView",
  tags: ["catalog"],
  summary: "Отметить просмотр товара",
  description: "Вошедшему — в аккаунт; посетителю — по cookie, выдаёт её, если её ещё нет",
  cache: "personal",
  security,
  request: { params: productParams },
  responses: { 204: { description: "Просмотр отмечен" }, ...errorResponses(403, 404) },
});

const clearViewed = defineRoute({
  method: "delete",
  path: "/",
  operationId: "clearViewedProducts",
  tags: ["catalog"],
  summary: "Очистить историю просмотров",
  cache: "personal",
  security,
  responses: { 204: { description: "История очищена" }, ...errorResponses(403) },
});

export const viewedRoute = createRouter()
  .openapi(listViewed, async (c) =>
    c.json(await c.get("services").viewed.list(c.get("actor"), c.req.valid("query").limit), 200),
  )
  .openapi(recordViewed, async (c) => {
    await c.get("services").viewed.record(ensureOwner(c), c.req.valid("param").productId);
    return c.body(null, 204);
  })
  .openapi(clearViewed, async (c) => {
    await c.get("services").viewed.clear(c.get("actor"));
    return c.body(null, 204);
  });
