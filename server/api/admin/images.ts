import { z } from "@hono/zod-openapi";
import { catalogImageSchema } from "#contract/catalog-images.ts";
import { UPLOAD_HINTS, UPLOAD_MAX_BYTES } from "#contract/uploads.ts";
import { requireRole, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { placeholderColour } from "#server/domain/images/placeholder.ts";

// Catalogue pictures an operator uploads (issue 22, point 1; ADR 061), under /api/v1/admin/images: a
// product's photos and the home page's banners take them by id.

const binary = z.string().openapi({ type: "string", format: "binary" });
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "application/octet-stream"] as const;

const upload = defineRoute({
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  tags: ["admin"],
  method: "post",
  path: "/",
  operationId: "adminUploadImage",
  summary: "Загрузить картинку каталога: фото товара или баннера",
  description: `Тело запроса — сам файл (JPEG, PNG или WebP до ${UPLOAD_MAX_BYTES / 1024 / 1024} МБ и 50 Мп), как у POST /api/v1/uploads: формат определяется по содержимому, метаданные удаляются. Ответ — id картинки и её адрес /img/<id>; страницы берут её шириной 160–1280 px (/img/<id>/<ширина>) в AVIF, WebP или JPEG по Accept. Только операторам`,
  bodyLimit: UPLOAD_MAX_BYTES,
  bodyStreamed: true,
  statementTimeout: "write",
  request: {
    body: {
      required: true,
      description: UPLOAD_HINTS.format,
      content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, { schema: binary }])),
    },
  },
  responses: { ...jsonOk(catalogImageSchema, "Картинка сохранена"), ...errorResponses(401, 403, 413, 415) },
});

const router = createRouter();
router.use("*", staffOnly());

export const adminImagesRoute = router.openapi(upload, async (c) => {
  const user = requireRole(c, "operator");
  const length = c.req.header("content-length");
  const declared = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined;
  const row = await c.get("services").images.storeUpload({ userId: user.userId }, c.req.raw.body, declared);
  return c.json(
    {
      id: row.id,
      url: `/img/${row.id}`,
      width: row.width,
      height: row.height,
      placeholder: placeholderColour(row.placeholder),
    },
    200,
  );
});
