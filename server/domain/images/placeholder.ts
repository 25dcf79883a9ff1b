import { crc32, deflateSync } from "node:zlib";
import type { Sharp } from "sharp";
import { rgbaToThumbHash, thumbHashToAverageRGBA, thumbHashToRGBA } from "thumbhash";

// A picture's placeholder (ADR 061): its ThumbHash (about 25 bytes) is kept beside it; pages get what it
// decodes to — the average colour for the many cards of a listing, a tiny blurred image for the one
// picture a page leads with — so the browser paints the picture's colours before it arrives.

/** The ThumbHash of a picture's pixels, base64; computed from a copy at most 100 px on its longer side. */
export async function thumbHashOf(input: Sharp): Promise<string> {
  const { data, info } = await input
    .resize({ width: 100, height: 100, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}

/** The hash's bytes; a ThumbHash has at least 5 (its header), so anything shorter is no hash. */
const decode = (hash: string) => {
  const bytes = Uint8Array.from(Buffer.from(hash, "base64"));
  if (bytes.length < 5) throw new Error("not a ThumbHash");
  return bytes;
};
const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));
const hex = (v: number) => byte(v).toString(16).padStart(2, "0");

/** The picture's average colour as `#rrggbb`; "" for no or a broken hash. */
export function placeholderColour(hash: string): string {
  if (!hash) return "";
  try {
    const { r, g, b } = thumbHashToAverageRGBA(decode(hash));
    return `#${hex(r)}${hex(g)}${hex(b)}`;
  } catch {
    return "";
  }
}

const blurCache = new Map<string, string>();
const BLUR_CACHE_SIZE = 2000;

/**
 * The hash rendered as a PNG data URL of about 300 bytes: ThumbHash's decoded image scaled to at most
 * 12 px on its longer side (the browser's smooth scaling does the blur), RGB, deflated. "" for no or a
 * broken hash. Kept in a bounded map: a page asks for the same few again and again.
 */
export function placeholderDataUrl(hash: string): string {
  if (!hash) return "";
  const known = blurCache.get(hash);
  if (known !== undefined) return known;
  let url = "";
  try {
    const { w, h, rgba } = thumbHashToRGBA(decode(hash));
    const scale = Math.min(1, 12 / Math.max(w, h));
    const tw = Math.max(1, Math.round(w * scale));
    const th = Math.max(1, Math.round(h * scale));
    const rgb = Buffer.alloc(th * (1 + tw * 3));
    for (let y = 0; y < th; y++) {
      const row = y * (1 + tw * 3);
      rgb[row] = 0; // no filter
      for (let x = 0; x < tw; x++) {
        const sx = Math.min(w - 1, Math.floor(((x + 0.5) * w) / tw));
        const sy = Math.min(h - 1, Math.floor(((y + 0.5) * h) / th));
        const from = (sy * w + sx) * 4;
        rgb[row + 1 + x * 3] = rgba[from] ?? 0;
        rgb[row + 2 + x * 3] = rgba[from + 1] ?? 0;
        rgb[row + 3 + x * 3] = rgba[from + 2] ?? 0;
      }
    }
    url = `data:image/png;base64,${png(tw, th, rgb).toString("base64")}`;
  } catch {
    url = "";
  }
  if (blurCache.size >= BLUR_CACHE_SIZE) blurCache.delete(blurCache.keys().next().value as string);
  blurCache.set(hash, url);
  return url;
}

/** A minimal 8-bit RGB PNG of already filtered rows. */
function png(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}
