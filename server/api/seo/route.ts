import { Hono } from "hono";
import { seoQuerySchema, seoRecordSchema } from "#contract/seo.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";
import { createSeoSource, type SeoSource } from "#server/domain/seo/source.ts";

export const seoDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/seo",
    summary:
      "SEO-данные страницы: заголовки, описание, ключевые слова, хлебные крошки. 204 — данных нет " +
      "(SEO-сервис не настроен, не ответил или ответил некорректно): витрина строит их из заголовка страницы",
    tag: "seo",
    query: seoQuerySchema,
    response: seoRecordSchema,
  },
];

/** `source` is injectable for tests; the app uses one per process, so its cache is shared by all requests. */
export function createSeoRoute(source: SeoSource = createSeoSource()) {
  return new Hono<AppEnv>().get("/", validate("query", seoQuerySchema), async (c) => {
    const endpoint = c.get("config").seoEndpoint;
    if (!endpoint) return c.body(null, 204);
    const { path } = c.req.valid("query");
    const result = await source.lookup(endpoint, path);
    if (result.status === "found") return c.json(result.record);
    if (result.status === "failed" && result.fresh)
      c.get("logger").warn(
        { path, reason: result.reason, detail: result.detail, err: result.error },
        "SEO endpoint failed; the page gets the title-only record",
      );
    return c.body(null, 204);
  });
}

export const seoRoute = createSeoRoute();
