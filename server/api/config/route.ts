import { Hono } from "hono";
import { type PublicConfig, publicConfigSchema } from "#contract/config.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";

export const configDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/config",
    summary: "Тема витрины и включённые функции",
    tag: "config",
    response: publicConfigSchema,
  },
];

export const configRoute = new Hono<AppEnv>().get("/", (c) => {
  const { theme, features, authUrl, ymId } = c.get("config");
  return c.json<PublicConfig>({ theme, features, authUrl, ymId: ymId ?? null });
});
