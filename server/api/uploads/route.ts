import { z } from "@hono/zod-openapi";
import {
  UPLOAD_HINTS,
  UPLOAD_MAX_BYTES,
  uploadParamsSchema,
  uploadQuerySchema,
  uploadResultSchema,
  uploadVariantQuerySchema,
} from "#contract/uploads.ts";
import { requireUser } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { limitShopperRate } from "#server/http/rate-limits.ts";

// Photos for refunds, support appeals and reviews (issue 21, point 1; ADR 057).

const binary = z.string().openapi({ type: "string", format: "binary" });
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "application/octet-stream"] as const;

const uploadPhoto = defineRoute({
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  tags: ["uploads"],
  method: "post",
  path: "/",
  operationId: "uploadPhoto",
  summary: "Загрузить фото для возврата, обращения или отзыва",
  description: `Тело запроса — сам файл, без multipart (\`fetch(url, { method: "POST", body: file })\`); его Content-Type и имя не важны: формат определяется по содержимому. Принимаются JPEG, PNG и WebP до ${UPLOAD_MAX_BYTES / 1024 / 1024} МБ и 50 Мп; фото поворачивается по EXIF, уменьшается до 2560 px по длинной стороне и перекодируется (JPEG остаётся JPEG, PNG и WebP становятся WebP) без метаданных. Больше предела — 413 image_too_large, как только он превышен; другой формат — 415 image_format (HEIC — image_heic); больше 50 Мп — 413 image_too_many_pixels до декодирования; повреждённый или неполный файл — 400 image_damaged. Не больше RATE_LIMIT_UPLOADS фото на покупателя. Фото, не прикреплённое за сутки, удаляется`,
  bodyLimit: UPLOAD_MAX_BYTES,
  bodyStreamed: true,
  statementTimeout: "write",
  request: {
    query: uploadQuerySchema,
    body: {
      required: true,
      description: UPLOAD_HINTS.format,
      content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: binary }])),
    },
  },
  responses: {
    ...jsonOk(uploadResultSchema, "Фото сохранено"),
    ...errorResponses(401, 413, 415, 429),
  },
});

const getPhoto = defineRoute({
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  tags: ["uploads"],
  method: "get",
  path: "/{id}",
  operationId: "getPhoto",
  summary: "Фото: владельцу и операторам (фото опубликованного отзыва — всем)",
  description:
    "Сохранённое фото или его копия шириной `w` (160, 480, 1280; делается при первом запросе и хранится рядом). Content-Type — из записи о фото, с X-Content-Type-Options: nosniff и Content-Disposition: inline. Чужое или несуществующее фото — 404 upload_not_found; без входа — 401",
  request: { params: uploadParamsSchema, query: uploadVariantQuerySchema },
  responses: {
    200: {
      description: "Фото",
      content: { "image/jpeg": { schema: binary }, "image/webp": { schema: binary } },
    },
    ...errorResponses(401, 404),
  },
});

export const uploadsRoute = createRouter()
  .openapi(uploadPhoto, async (c) => {
    const user = requireUser(c);
    await limitShopperRate(c, "uploads", user.userId);
    const length = c.req.header("content-length");
    const declared = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined;
    const result = await c
      .get("services")
      .uploads.upload({ userId: user.userId }, c.req.valid("query").purpose, c.req.raw.body, declared);
    return c.json(result, 200);
  })
  .openapi(getPhoto, async (c) => {
    const actor = c.get("actor");
    const viewer = actor.kind === "user" ? { userId: actor.userId, roles: actor.roles } : undefined;
    const { id } = c.req.valid("param");
    const photo = await c.get("services").uploads.photo(id, viewer, c.req.valid("query").w);
    return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": photo.contentType,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${id}.${photo.contentType === "image/webp" ? "webp" : "jpg"}"`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
    }) as never;
  });
