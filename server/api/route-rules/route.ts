import { Hono } from "hono";
import { routeRulesQuerySchema, routeRulesSchema } from "#contract/routing.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";

export const routeRulesDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/route-rules",
    summary: "Правила для пути витрины: редирект (внутренний или внешний) или null",
    tag: "routing",
    query: routeRulesQuerySchema,
    response: routeRulesSchema,
    errors: [503],
  },
];

export const routeRulesRoute = new Hono<AppEnv>().get(
  "/",
  validate("query", routeRulesQuerySchema),
  async (c) => c.json(await c.get("services").routing.rulesFor(c.req.valid("query").path)),
);
