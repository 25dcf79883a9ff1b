// What a catalogue picture is served as (ADR 061): a few widths, one format per request chosen by the
// browser's `Accept`, and URLs that never change their content.

/**
 * The widths a picture is made at: a 160 px thumbnail (basket, search), cards at one and two device
 * pixels (240–480), the product page's gallery (640–960) and the full-screen viewer (1280). A page lists
 * them in `srcset`; any other width is not a picture (404), so every picture has few addresses.
 */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** What `/img/<id>` without a width is: a card's picture. */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 480;

export type ImageFormat = "avif" | "webp" | "jpeg";
export const CONTENT_TYPE: Readonly<Record<ImageFormat, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/**
 * The best format the browser says it takes: AVIF (about half of WebP's bytes at the same look), then
 * WebP, then JPEG, which every browser shows. `q=0` refuses a type.
 */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  const taken = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number.parseFloat(q.slice(2)) === 0) continue;
    taken.add(type.trim());
  }
  if (taken.has("image/avif")) return "avif";
  if (taken.has("image/webp")) return "webp";
  return "jpeg";
}

/**
 * Encoder settings: chosen for a picture made once and then kept (disk and HTTP caches), at a cost a
 * 2-core machine bears on a cold cache (bench/images.ts measures them).
 */
export const ENCODE = {
  avif: { quality: 52, effort: 2 },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
} as const;
