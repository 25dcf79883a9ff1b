import { seoQuerySchema, seoRecordSchema } from "#contract/seo.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";
import { createSeoSource, type SeoSource } from "#server/domain/seo/source.ts";

export const getSeo = defineRoute({
  method: "get",
  path: "/",
  operationId: "getSeo",
  tags: ["seo"],
  summary: "SEO-данные страницы",
  description:
    "Заголовки, описание, ключевые слова, хлебные крошки. 204 — данных нет (SEO-сервис не настроен, " +
    "не ответил или ответил некорректно): витрина строит их из заголовка страницы",
  cache: "shared",
  request: { query: seoQuerySchema },
  responses: {
    ...jsonOk(seoRecordSchema, "SEO-данные"),
    204: { description: "Данных нет" },
    ...errorResponses(),
  },
});

/** `source` is injectable for tests; the app uses one per process, so its cache is shared by all requests. */
export function createSeoRoute(source: SeoSource = createSeoSource()) {
  return createRouter().openapi(getSeo, async (c) => {
    const endpoint = c.get("config").seoEndpoint;
    if (!endpoint) return c.body(null, 204);
    const { path } = c.req.valid("query");
    const result = await source.lookup(endpoint, path);
    if (result.status === "found") return c.json(result.record, 200);
    if (result.status === "failed" && result.fresh)
      c.get("logger").warn(
        { path, reason: result.reason, detail: result.detail, err: result.error },
        "SEO endpoint failed; the page gets the title-only record",
      );
    return c.body(null, 204);
  });
}

export const seoRoute = createSeoRoute();
