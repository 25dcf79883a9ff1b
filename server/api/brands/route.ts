import { Hono } from "hono";
import { brandSchema, codeParamsSchema } from "#contract/catalog.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";

export const brandsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/brands/{code}",
    summary: "Бренд",
    tag: "catalog",
    params: codeParamsSchema,
    response: brandSchema,
    errors: [404],
  },
];

export const brandsRoute = new Hono<AppEnv>().get("/:code", validate("param", codeParamsSchema), async (c) =>
  c.json(await c.get("services").catalog.getBrand(c.req.valid("param").code)),
);
