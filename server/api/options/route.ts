import { Hono } from "hono";
import { optionsResponseSchema } from "#contract/reference.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";

export const optionsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/options",
    summary: "Настройки витрины (флаги, числа, строки)",
    tag: "reference",
    response: optionsResponseSchema,
  },
];

export const optionsRoute = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await c.get("services").reference.options()),
);
