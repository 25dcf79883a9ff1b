import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../api/env.ts";
import { validate } from "../api/validation.ts";

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  // Generated from immutable product data; a product's picture never changes under the same URL.
  "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
  // An SVG opened directly must not run anything.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const productImageParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  file: z.string().regex(/^\d{1,2}\.svg$/),
});
const brandLogoParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.svg$/) });

/** Locally generated catalogue pictures: /media/products/{id}/{position}.svg and /media/brands/{code}.svg. */
export const mediaRoute = new Hono<AppEnv>()
  .get("/products/:id/:file", validate("param", productImageParams), async (c) => {
    const { id, file } = c.req.valid("param");
    const svg = await c.get("services").media.productImage(id, Number.parseInt(file, 10));
    return c.body(svg, 200, SVG_HEADERS);
  })
  .get("/brands/:file", validate("param", brandLogoParams), async (c) => {
    const svg = await c.get("services").media.brandLogo(c.req.valid("param").file.replace(/\.svg$/, ""));
    return c.body(svg, 200, SVG_HEADERS);
  });
