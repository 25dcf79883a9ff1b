import { Hono } from "hono";
import { z } from "zod";
import { productCardSchema } from "#contract/catalog.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";
import { ensureVisitor, readVisitor } from "#server/api/visitor.ts";

const productParams = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) });
const viewedListSchema = z.object({ items: z.array(productCardSchema) });

export const viewedDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/viewed",
    summary: "Недавно просмотренные товары посетителя (по cookie), новые первыми",
    tag: "catalog",
    query: listQuery,
    response: viewedListSchema,
  },
  {
    method: "post",
    path: "/v1/viewed/{productId}",
    summary: "Отметить просмотр товара; выдаёт посетителю cookie, если её ещё нет",
    tag: "catalog",
    params: productParams,
    response: z.null(),
    errors: [403, 404],
  },
];

export const viewedRoute = new Hono<AppEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.get("services").viewed.list(readVisitor(c), c.req.valid("query").limit));
  })
  .post("/:productId", validate("param", productParams), async (c) => {
    await c.get("services").viewed.record(ensureVisitor(c), c.req.valid("param").productId);
    return c.body(null, 204);
  });
