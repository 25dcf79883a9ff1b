import { Hono } from "hono";
import { contentPageListSchema, contentPageSchema, slugParamsSchema } from "#contract/content.ts";
import type { AppEnv } from "#server/api/env.ts";
import type { RouteDoc } from "#server/api/openapi/document.ts";
import { validate } from "#server/api/validation.ts";

export const pagesDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/pages",
    summary: "Контентные страницы",
    tag: "content",
    response: contentPageListSchema,
  },
  {
    method: "get",
    path: "/v1/pages/{slug}",
    summary: "Контентная страница: о маркетплейсе, доставка, оплата, возврат, контакты, оферта, политика",
    tag: "content",
    params: slugParamsSchema,
    response: contentPageSchema,
    errors: [404],
  },
];

const CACHE = "public, max-age=300, stale-while-revalidate=3600";

export const pagesRoute = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", CACHE);
    return c.json(await c.get("services").content.pages());
  })
  .get("/:slug", validate("param", slugParamsSchema), async (c) => {
    const page = await c.get("services").content.page(c.req.valid("param").slug);
    c.header("Cache-Control", CACHE);
    return c.json(page);
  });
