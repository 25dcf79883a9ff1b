import { z } from "zod";

// Photos for refunds, support appeals and reviews (issue 21, point 1; ADR 057). The limits and the hints
// are shared by the server, which enforces them, and the pages, which show them beside the file picker.

export const UPLOAD_PURPOSES = ["support", "refund", "review"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The largest photo body the server reads, in bytes: past it the upload is refused while it streams. */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/**
 * The most pixels a photo may declare in its header (width × height), checked before it is decoded: a
 * 48 MP phone camera's 8000 × 6000 passes, a decompression bomb's 20000 × 20000 does not.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000;
/** The stored photo's longest side: larger ones are scaled down when re-encoded. */
export const UPLOAD_MAX_SIDE = 2560;
/** Photos one refund, appeal message or review takes (the pages and the attaching services enforce it). */
export const UPLOAD_MAX_PER_OBJECT = 5;
/** The widths a photo is served at besides its stored size (`?w=`): thumbnails, a card, the viewer. */
export const UPLOAD_WIDTHS = [160, 480, 1280] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];

/** What the file picker accepts (`<input type="file" accept>`). */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * The spec's «image size and format hints for support and refund» (its section 5 names them without
 * their words; these are ours): shown under the picker, and as the message of a refused upload.
 */
export const UPLOAD_HINTS = {
  size: "Размер фото — не больше 15 МБ",
  format: "Подойдут фото в формате JPEG, PNG или WebP",
  heic: "Фото в формате HEIC не поддерживается. Выберите фото из галереи — телефон отправит его в JPEG — или сохраните его в JPEG",
  pixels: "Фото слишком большое: не больше 50 мегапикселей",
  damaged: "Фото повреждено или загружено не полностью. Попробуйте выбрать его ещё раз",
} as const;

export const uploadQuerySchema = z.object({
  purpose: z
    .enum(UPLOAD_PURPOSES, { error: "Назначение фото: support, refund или review" })
    .describe("Для чего фото: обращение в поддержку, возврат или отзыв"),
});

/** An upload's id as the API gives it: 22 characters of base64url. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

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

/** The address a photo is served at, at a width or its stored size. */
export function uploadUrl(id: string, width?: UploadWidth): string {
  return `/api/v1/uploads/${id}${width ? `?w=${width}` : ""}`;
}
