import { publicConfigSchema } from "#contract/config.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";

const getConfig = defineRoute({
  method: "get",
  path: "/",
  operationId: "getConfig",
  tags: ["config"],
  summary: "Тема витрины и включённые функции",
  cache: "shared",
  responses: { ...jsonOk(publicConfigSchema, "Публичные настройки витрины"), ...errorResponses() },
});

export const configRoute = createRouter().openapi(getConfig, (c) => {
  const { theme, features, authUrl, ymId, map } = c.get("config");
  return c.json(
    {
      theme,
      features,
      authUrl,
      ymId: ymId ?? null,
      map: { yandexApiKey: map.yandexApiKey ?? null, tilesUrl: map.tilesUrl ?? null },
    },
    200,
  );
});
