// Photos for refunds, support appeals and reviews (issue 21, point 1; ADR 057). The limits and the hints
// are shared by the server, which enforces them, and the pages, which show them beside the file picker. No
// zod here: the pages load this (contract/uploads.ts adds the requests' schemas and re-exports it).

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

/** An upload's id as the API gives it: 22 characters of base64url. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

/** The address a photo is served at, at a width or its stored size. */
export function uploadUrl(id: string, width?: UploadWidth): string {
  return `/api/v1/uploads/${id}${width ? `?w=${width}` : ""}`;
}
