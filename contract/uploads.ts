import { z } from "zod";
import { UPLOAD_ID, UPLOAD_MAX_PER_OBJECT, UPLOAD_PURPOSES, UPLOAD_WIDTHS } from "./upload-rules.ts";

// The upload API's schemas. Its limits, hints and addresses are upload-rules.ts, re-exported here for the
// server; the pages import that module, which has no zod.
export * from "./upload-rules.ts";

export const uploadQuerySchema = z.object({
  purpose: z
    .enum(UPLOAD_PURPOSES, { error: "Назначение фото: support, refund или review" })
    .describe("Для чего фото: обращение в поддержку, возврат или отзыв"),
});

export const uploadParamsSchema = z.object({
  id: z.string().regex(UPLOAD_ID, { error: "Фото не найдено" }).describe("Случайный идентификатор фото"),
});

/**
 * The photos a refund, an appeal's message or a review takes: ids from `POST /api/v1/uploads`, at most
 * UPLOAD_MAX_PER_OBJECT, none twice. For the request schemas of those objects.
 */
export const photoIdsSchema = z
  .array(z.string().regex(UPLOAD_ID, { error: "Фото не найдено" }), { error: "Список фото неверен" })
  .max(UPLOAD_MAX_PER_OBJECT, { error: `Не больше ${UPLOAD_MAX_PER_OBJECT} фото` })
  .refine((ids) => new Set(ids).size === ids.length, { error: "Одно и то же фото выбрано дважды" })
  .describe(`Фото из POST /api/v1/uploads, не больше ${UPLOAD_MAX_PER_OBJECT}`);

export const uploadVariantQuerySchema = z.object({
  w: z.coerce
    .number({ error: "Ширина фото: 160, 480 или 1280" })
    .pipe(
      z.union(
        UPLOAD_WIDTHS.map((w) => z.literal(w)),
        { error: "Ширина фото: 160, 480 или 1280" },
      ),
    )
    .optional()
    .describe(
      "Ширина в пикселях: 160, 480 или 1280; без неё — сохранённый размер (до 2560 по длинной стороне)",
    ),
});

/** `POST /api/v1/uploads`: the stored photo. */
export const uploadResultSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Where the photo is served (to its owner and operators). */
  url: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
