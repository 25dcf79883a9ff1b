import { Hono } from "hono";
import { UPLOAD_ID } from "#contract/uploads.ts";
import { DEFAULT_IMAGE_WIDTH, negotiateFormat } from "#server/domain/images/variants.ts";
import { AppError } from "#server/errors.ts";
import type { AppEnv } from "#server/http/env.ts";

/** A width in the address: digits as written in `srcset`, no leading zero, so a copy has one address. */
const WIDTH = /^[1-9]\d{1,3}$/;

/**
 * Catalogue pictures (ADR 061): `/img/<id>/<width>`, and `/img/<id>` for a card's width. The format is
 * the best the browser's `Accept` names (AVIF, WebP, else JPEG): the same address answers each browser
 * with what it shows, and says so with `Vary: Accept` for every cache on the way. The pixels under an
 * address never change (a new picture is a new id), so it is kept for a year without asking again.
 */
export const imagesRoute = new Hono<AppEnv>().get("/:id/:width?", async (c) => {
  const { id, width } = c.req.param();
  if (!UPLOAD_ID.test(id) || (width !== undefined && !WIDTH.test(width))) {
    throw new AppError("not_found", "Изображение не найдено", { code: "image_not_found" });
  }
  const format = negotiateFormat(c.req.header("accept"));
  const made = await c
    .get("services")
    .images.variant(id, width === undefined ? DEFAULT_IMAGE_WIDTH : Number(width), format);
  return c.body(made.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": made.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
});
