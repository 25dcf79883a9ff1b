import { contentPageListSchema, contentPageSchema, slugParamsSchema } from "#contract/content.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const listPages = defineRoute({
  method: "get",
  path: "/",
  operationId: "listContentPages",
  tags: ["content"],
  summary: "Контентные страницы",
  cache: "shared",
  freshness: "content",
  responses: { ...jsonOk(contentPageListSchema, "Список страниц"), ...errorResponses() },
});

const getPage = defineRoute({
  method: "get",
  path: "/{slug}",
  operationId: "getContentPage",
  tags: ["content"],
  summary: "Контентная страница",
  description: "О маркетплейсе, доставка, оплата, возврат, контакты, оферта, политика",
  cache: "shared",
  freshness: "content",
  request: { params: slugParamsSchema },
  responses: { ...jsonOk(contentPageSchema, "Страница"), ...errorResponses(404) },
});

export const pagesRoute = createRouter()
  .openapi(listPages, async (c) => c.json(await c.get("services").content.pages(), 200))
  .openapi(getPage, async (c) =>
    c.json(await c.get("services").content.page(c.req.valid("param").slug), 200),
  );
