import { optionsResponseSchema } from "#contract/reference.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getOptions = defineRoute({
  method: "get",
  path: "/",
  operationId: "getOptions",
  tags: ["reference"],
  summary: "Настройки витрины (флаги, числа, строки)",
  cache: "shared",
  responses: { ...jsonOk(optionsResponseSchema, "Настройки"), ...errorResponses() },
});

export const optionsRoute = createRouter().openapi(getOptions, async (c) =>
  c.json(await c.get("services").reference.options(), 200),
);
