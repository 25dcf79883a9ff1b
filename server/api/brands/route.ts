import { brandSchema, codeParamsSchema } from "#contract/catalog.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getBrand = defineRoute({
  method: "get",
  path: "/{code}",
  operationId: "getBrand",
  tags: ["catalog"],
  summary: "Бренд",
  cache: "shared",
  request: { params: codeParamsSchema },
  responses: { ...jsonOk(brandSchema, "Бренд"), ...errorResponses(404) },
});

export const brandsRoute = createRouter().openapi(getBrand, async (c) =>
  c.json(await c.get("services").catalog.getBrand(c.req.valid("param").code), 200),
);
