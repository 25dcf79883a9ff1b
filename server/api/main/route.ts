import { Hono } from "hono";
import { guidResponseSchema } from "#contract/reference.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";

export const mainDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/main/guid",
    summary:
      "Справочники витрины: типы доставки, статусы заказов и возвратов, причины возврата, темы обращений",
    tag: "reference",
    response: guidResponseSchema,
  },
];

export const mainRoute = new Hono<AppEnv>().get("/guid", async (c) => {
  // Reference data changes with releases, not per request: let browsers and CDNs keep it for a while.
  c.header("Cache-Control", "public, max-age=60, stale-while-revalidate=600");
  return c.json(await c.get("services").reference.dictionary());
});
