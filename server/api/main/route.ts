import { guidResponseSchema } from "#contract/reference.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getDictionary = defineRoute({
  method: "get",
  path: "/guid",
  operationId: "getDictionary",
  tags: ["reference"],
  summary: "Справочники витрины",
  description: "Типы доставки, статусы заказов и возвратов, причины возврата, темы обращений",
  cache: "shared",
  responses: { ...jsonOk(guidResponseSchema, "Справочники"), ...errorResponses() },
});

export const mainRoute = createRouter().openapi(getDictionary, async (c) =>
  c.json(await c.get("services").reference.dictionary(), 200),
);
