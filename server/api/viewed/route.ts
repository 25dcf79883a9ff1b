import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { productCardSchema } from "../../../contract/catalog.ts";
import type { AppEnv } from "../env.ts";
import type { RouteDoc } from "../openapi/document.ts";
import { validate } from "../validation.ts";

/** An opaque 128-bit visitor id; it names no person and carries no data of its own. */
export const VISITOR_COOKIE = "vid";
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

const productParams = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) });
const viewedListSchema = z.object({ items: z.array(productCardSchema) });

export const viewedDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/viewed",
    summary: "Недавно просмотренные товары посетителя (по cookie), новые первыми",
    tag: "catalog",
    query: listQuery,
    response: viewedListSchema,
  },
  {
    method: "post",
    path: "/v1/viewed/{productId}",
    summary: "Отметить просмотр товара; выдаёт посетителю cookie, если её ещё нет",
    tag: "catalog",
    params: productParams,
    response: z.null(),
    errors: [403, 404],
  },
];

export const viewedRoute = new Hono<AppEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    const visitor = getCookie(c, VISITOR_COOKIE);
    c.header("Cache-Control", "private, no-store");
    return c.json(
      await c
        .get("services")
        .viewed.list(visitor && VISITOR_ID.test(visitor) ? visitor : undefined, c.req.valid("query").limit),
    );
  })
  .post("/:productId", validate("param", productParams), async (c) => {
    let visitor = getCookie(c, VISITOR_COOKIE);
    if (!visitor || !VISITOR_ID.test(visitor)) {
      visitor = randomBytes(16).toString("base64url");
      setCookie(c, VISITOR_COOKIE, visitor, {
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        maxAge: 365 * 24 * 3600,
        secure: new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https",
      });
    }
    await c.get("services").viewed.record(visitor, c.req.valid("param").productId);
    return c.body(null, 204);
  });
