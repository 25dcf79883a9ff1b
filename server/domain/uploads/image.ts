import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { UPLOAD_HINTS, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE } from "#contract/uploads.ts";
import { AppError } from "#server/errors.ts";

// The image half of the upload pipeline (ADR 057): what a file is, judged by its bytes; whether it may be
// decoded; and the re-encoded copy that is all the shop ever stores.

/**
 * libvips settings for a server that re-encodes one-off uploads (ADR 057, measured in bench/uploads.ts):
 * no operation cache (an upload is never processed twice; the cache kept up to 50 MB), and one thread per
 * image — on a 2-core machine as fast as a thread per core was, with less peak memory (the service runs
 * one re-encode at a time per process).
 */
sharp.cache(false);
sharp.concurrency(1);

/** Bytes file-type needs to tell every format it knows (its own sample size). */
export const SNIFF_BYTES = 4100;

/** The formats taken, by the MIME type file-type gives. HEIC is not among them: see `heicDecodes`. */
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);
const HEIC = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"]);

export type AcceptedType = "image/jpeg" | "image/png" | "image/webp";

/**
 * Whether this build of sharp decodes HEIC (HEVC-coded HEIF, what iPhones save). The prebuilt libvips
 * carries libheif with the AV1 decoder only (AVIF), for the HEVC patents: so today HEIC is refused with a
 * hint. A build that can decode it would let it through here.
 */
export const heicDecodes = (sharp.format.heif?.input.fileSuffix ?? []).some((s) =>
  [".heic", ".heif"].includes(s),
);

/**
 * The type of a file from its first bytes (at least SNIFF_BYTES of it, or the whole of a smaller one);
 * never from its name or the client's Content-Type. Anything but JPEG, PNG and WebP is refused with the
 * format hint (415): SVG and HTML are text and file-type names no type for them; HEIC with its own hint.
 */
export async function sniffImageType(head: Uint8Array): Promise<AcceptedType> {
  const found = await fileTypeFromBuffer(head);
  if (found && ACCEPTED.has(found.mime)) return found.mime as AcceptedType;
  if (found && HEIC.has(found.mime) && !heicDecodes) {
    throw new AppError("unsupported_media_type", UPLOAD_HINTS.heic, { code: "image_heic" });
  }
  throw new AppError("unsupported_media_type", UPLOAD_HINTS.format, { code: "image_format" });
}

/** What sharp is told for every decode: the pixel bound, and a truncated file is an error, not grey. */
const DECODE = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "truncated" } as const;

const damaged = (cause: unknown) =>
  new AppError("validation", UPLOAD_HINTS.damaged, { code: "image_damaged", cause });

/**
 * The dimensions the file's header declares, read without decoding a pixel; a file declaring more than
 * UPLOAD_MAX_PIXELS (a decompression bomb: a few KB of PNG that would inflate to gigabytes) is refused
 * here, before any decode.
 */
export async function declaredSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    // Metadata only reads the header; the pixel bound is not applied to it, so it is checked below.
    meta = await sharp(bytes, { failOn: "none", limitInputPixels: false }).metadata();
  } catch (cause) {
    throw damaged(cause);
  }
  const { width, height } = meta;
  if (!width || !height) throw damaged(undefined);
  if (width * height > UPLOAD_MAX_PIXELS) {
    throw new AppError("payload_too_large", UPLOAD_HINTS.pixels, { code: "image_too_many_pixels" });
  }
  return { width, height };
}

export interface Encoded {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/webp";
  width: number;
  height: number;
}

/**
 * The copy that is stored: turned upright by its EXIF orientation, scaled to UPLOAD_MAX_SIDE at most, and
 * encoded anew — JPEG for a JPEG (a photo), WebP for a PNG or WebP (screenshots, which may be transparent).
 * sharp writes no metadata unless asked: EXIF (with GPS), XMP, IPTC and the ICC profile (converted to
 * sRGB) are all gone; whatever trailed the image data (a polyglot's HTML or ZIP) is never read into it.
 */
export async function reencode(bytes: Uint8Array, type: AcceptedType): Promise<Encoded> {
  const pipeline = sharp(bytes, DECODE)
    .rotate()
    .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: "inside", withoutEnlargement: true });
  const out =
    type === "image/jpeg" ? pipeline.jpeg({ quality: 82 }) : pipeline.webp({ quality: 85, alphaQuality: 90 });
  try {
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: type === "image/jpeg" ? "image/jpeg" : "image/webp",
      width: info.width,
      height: info.height,
    };
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) {
      throw new AppError("payload_too_large", UPLOAD_HINTS.pixels, { code: "image_too_many_pixels", cause });
    }
    throw damaged(cause);
  }
}

/** A stored photo at `width` (never wider than it is), in its own format. */
export async function resizeTo(bytes: Uint8Array, contentType: string, width: number): Promise<Buffer> {
  const pipeline = sharp(bytes, DECODE).resize({ width, withoutEnlargement: true });
  return (
    contentType === "image/webp" ? pipeline.webp({ quality: 80 }) : pipeline.jpeg({ quality: 80 })
  ).toBuffer();
}
