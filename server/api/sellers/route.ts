import { codeParamsSchema, sellerSchema } from "#contract/catalog.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getSeller = defineRoute({
  method: "get",
  path: "/{code}",
  operationId: "getSeller",
  tags: ["catalog"],
  summary: "Продавец",
  description: "Название, юридическое лицо, адрес, контакты, рейтинг",
  cache: "shared",
  request: { params: codeParamsSchema },
  responses: { ...jsonOk(sellerSchema, "Продавец"), ...errorResponses(404) },
});

export const sellersRoute = createRouter().openapi(getSeller, async (c) =>
  c.json(await c.get("services").catalog.getSeller(c.req.valid("param").code), 200),
);
