import { Hono } from "hono";
import { codeParamsSchema, sellerSchema } from "#contract/catalog.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";

export const sellersDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/sellers/{code}",
    summary: "Продавец: название, юридическое лицо, адрес, контакты, рейтинг",
    tag: "catalog",
    params: codeParamsSchema,
    response: sellerSchema,
    errors: [404],
  },
];

export const sellersRoute = new Hono<AppEnv>().get("/:code", validate("param", codeParamsSchema), async (c) =>
  c.json(await c.get("services").catalog.getSeller(c.req.valid("param").code)),
);
