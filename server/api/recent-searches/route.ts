import { Hono } from "hono";
import { z } from "zod";
import {
  recentSearchListSchema,
  recentSearchParamsSchema,
  recentSearchSchema,
  recordRecentSearchSchema,
} from "#contract/search-history.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";
import { ensureVisitor, readVisitor } from "#server/api/visitor.ts";

export const recentSearchesDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/search/recent",
    summary: "Недавние поисковые запросы посетителя (по cookie), новые первыми; без cookie — пустой список",
    tag: "search",
    response: recentSearchListSchema,
  },
  {
    method: "post",
    path: "/v1/search/recent",
    summary:
      "Запомнить поисковый запрос (повторный поднимается наверх, хранятся 20 последних); выдаёт посетителю cookie, если её ещё нет",
    tag: "search",
    body: recordRecentSearchSchema,
    response: recentSearchSchema,
    errors: [403],
  },
  {
    method: "delete",
    path: "/v1/search/recent",
    summary: "Очистить историю поиска посетителя",
    tag: "search",
    response: z.null(),
    errors: [403],
  },
  {
    method: "delete",
    path: "/v1/search/recent/{id}",
    summary: "Удалить один запрос из истории поиска посетителя (удалённый ранее — не ошибка)",
    tag: "search",
    params: recentSearchParamsSchema,
    response: z.null(),
    errors: [403],
  },
];

/** Personal: neither the browser's shared caches nor a CDN may keep these answers. */
const NO_STORE = "private, no-store";

export const recentSearchesRoute = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header("Cache-Control", NO_STORE);
  })
  .get("/", async (c) => c.json(await c.get("services").recentSearches.list(readVisitor(c))))
  .post("/", validate("json", recordRecentSearchSchema), async (c) =>
    c.json(await c.get("services").recentSearches.record(ensureVisitor(c), c.req.valid("json").query)),
  )
  .delete("/", async (c) => {
    await c.get("services").recentSearches.clear(readVisitor(c));
    return c.body(null, 204);
  })
  .delete("/:id", validate("param", recentSearchParamsSchema), async (c) => {
    await c.get("services").recentSearches.remove(readVisitor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
