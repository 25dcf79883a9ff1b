import { Hono } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { idParam } from "#contract/id-param.ts";
import { AppError } from "#server/errors.ts";
import type { AppEnv } from "#server/http/env.ts";

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  // Generated from immutable product data; a product's picture never changes under the same URL.
  "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
  // An SVG opened directly must not run anything.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** One spelling per picture (ADR 026): canonical ids and positions, so no picture has two addresses. */
const productImageParams = z.object({
  id: idParam("Изображение не найдено"),
  file: z.string().regex(/^(?:0|[1-9]\d?)\.svg$/),
});
/** Same shape: a review's id and the photo's position. */
const reviewPhotoParams = productImageParams;
const brandLogoParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.svg$/) });

/** A picture address that does not parse names no picture: 404, as for one that does not exist. */
function pictureParams<S extends z.ZodType>(schema: S) {
  return validator("param", (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new AppError("not_found", "Изображение не найдено", { code: "image_not_found" });
    return parsed.data as z.output<S>;
  });
}

/**
 * Locally generated pictures: brand logos /media/brands/{code}.svg; and, for databases seeded before the
 * image pipeline (ADR 061, 069), product pictures /media/products/{id}/{position}.svg and review photos
 * /media/reviews/{reviewId}/{position}.svg. New seeds serve both from /img.
 */
export const mediaRoute = new Hono<AppEnv>()
  .get("/products/:id/:file", pictureParams(productImageParams), async (c) => {
    const { id, file } = c.req.valid("param");
    const svg = await c.get("services").media.productImage(id, Number.parseInt(file, 10));
    return c.body(svg, 200, SVG_HEADERS);
  })
  .get("/reviews/:id/:file", pictureParams(reviewPhotoParams), async (c) => {
    const { id, file } = c.req.valid("param");
    const svg = await c.get("services").media.reviewPhoto(id, Number.parseInt(file, 10));
    return c.body(svg, 200, SVG_HEADERS);
  })
  .get("/brands/:file", pictureParams(brandLogoParams), async (c) => {
    const svg = await c.get("services").media.brandLogo(c.req.valid("param").file.replace(/\.svg$/, ""));
    return c.body(svg, 200, SVG_HEADERS);
  });
