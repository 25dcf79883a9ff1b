import { routeRulesQuerySchema, routeRulesSchema } from "#contract/routing.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getRouteRules = defineRoute({
  method: "get",
  path: "/",
  operationId: "getRouteRules",
  tags: ["routing"],
  summary: "Правила для пути витрины",
  description: "Редирект (внутренний или внешний) или null",
  cache: "shared",
  request: { query: routeRulesQuerySchema },
  responses: { ...jsonOk(routeRulesSchema, "Правила пути"), ...errorResponses() },
});

export const routeRulesRoute = createRouter().openapi(getRouteRules, async (c) =>
  c.json(await c.get("services").routing.rulesFor(c.req.valid("query").path), 200),
);
