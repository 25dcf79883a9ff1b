import { type PublicConfig, publicConfigSchema } from "#contract/config.ts";
import { createRouter, defineRoute, errorResponses, jsonOk } from "#server/api/define-route.ts";
import type { AppConfig } from "#server/config.ts";

const getConfig = defineRoute({
  method: "get",
  path: "/",
  operationId: "getConfig",
  tags: ["config"],
  summary: "Тема витрины и включённые функции",
  cache: "shared",
  responses: { ...jsonOk(publicConfigSchema, "Публичные настройки витрины"), ...errorResponses() },
});

/** What of the settings the storefront may know: `GET /api/config`'s answer, and the pages' own copy. */
export function publicConfigOf(config: AppConfig): PublicConfig {
  const { theme, features, authUrl, ymId, map } = config;
  return {
    theme,
    features,
    authUrl,
    ymId: ymId ?? null,
    map: { yandexApiKey: map.yandexApiKey ?? null, tilesUrl: map.tilesUrl ?? null },
  };
}

export const configRoute = createRouter().openapi(getConfig, (c) =>
  c.json(publicConfigOf(c.get("config")), 200),
);
