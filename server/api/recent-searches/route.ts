import {
  recentSearchListSchema,
  recentSearchParamsSchema,
  recentSearchSchema,
  recordRecentSearchSchema,
} from "#contract/search-history.ts";
import { ensureOwner } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  PERSONAL_SECURITY,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";

/** The signed-in shopper's queries, or the anonymous visitor's (ADR 032). */
const security = [...SIGNED_IN_SECURITY, ...PERSONAL_SECURITY];

const listRecent = defineRoute({
  method: "get",
  path: "/",
  operationId: "listRecentSearches",
  tags: ["search"],
  summary: "Недавние поисковые запросы покупателя",
  description:
    "Вошедшего — его аккаунта, иначе по cookie посетителя; новые первыми; без cookie — пустой список",
  cache: "personal",
  security,
  responses: { ...jsonOk(recentSearchListSchema, "Недавние запросы"), ...errorResponses() },
});

const recordRecent = defineRoute({
  method: "post",
  path: "/",
  operationId: "recordRecentSearch",
  tags: ["search"],
  summary: "Запомнить поисковый запрос",
  description:
    "Повторный поднимается наверх, хранятся 20 последних; вошедшему — в аккаунт, посетителю — по cookie (выдаёт её, если её ещё нет)",
  cache: "personal",
  security,
  request: { body: jsonBody(recordRecentSearchSchema) },
  responses: { ...jsonOk(recentSearchSchema, "Запомненный запрос"), ...errorResponses(403, 415) },
});

const clearRecent = defineRoute({
  method: "delete",
  path: "/",
  operationId: "clearRecentSearches",
  tags: ["search"],
  summary: "Очистить историю поиска покупателя",
  cache: "personal",
  security,
  responses: { 204: { description: "История очищена" }, ...errorResponses(403) },
});

const removeRecent = defineRoute({
  method: "delete",
  path: "/{id}",
  operationId: "removeRecentSearch",
  tags: ["search"],
  summary: "Удалить один запрос из истории поиска",
  description: "Удалённый ранее — не ошибка",
  cache: "personal",
  security,
  request: { params: recentSearchParamsSchema },
  responses: { 204: { description: "Запрос удалён" }, ...errorResponses(403) },
});

export const recentSearchesRoute = createRouter()
  .openapi(listRecent, async (c) => c.json(await c.get("services").recentSearches.list(c.get("actor")), 200))
  .openapi(recordRecent, async (c) =>
    c.json(await c.get("services").recentSearches.record(ensureOwner(c), c.req.valid("json").query), 200),
  )
  .openapi(clearRecent, async (c) => {
    await c.get("services").recentSearches.clear(c.get("actor"));
    return c.body(null, 204);
  })
  .openapi(removeRecent, async (c) => {
    await c.get("services").recentSearches.remove(c.get("actor"), c.req.valid("param").id);
    return c.body(null, 204);
  });
