import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { UPLOAD_ID } from "#contract/uploads.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { semaphore } from "#server/domain/semaphore.ts";
import type { UploadsService } from "#server/domain/uploads/service.ts";
import type { PhotoStorage } from "#server/domain/uploads/storage.ts";
import { AppError } from "#server/errors.ts";
import { renderSvg } from "./generated.ts";
import { thumbHashOf } from "./placeholder.ts";
import type { ImageRow, ImagesRepository } from "./repository.ts";
import { CONTENT_TYPE, ENCODE, type ImageFormat, type ImageWidth, isImageWidth } from "./variants.ts";

// The image pipeline (issue 22, point 1; ADR 061): a catalogue picture's original is stored once (an
// operator's upload in the photo storage, or the seed's recipe); each width and format a browser asks for
// is made on first demand, kept in a cache folder, and served under a URL whose content never changes.

/** Encodes running at once: a cold listing asks for 40 pictures, the machine has 2 cores. */
const ENCODE_SLOTS = 2;
/** Image rows kept in memory (they never change under their id). */
const ROW_CACHE = 5_000;

export interface ImagesOptions {
  /** Where made copies are kept (`.data/image-cache`); anything in it can be deleted at any time. */
  cacheDir: string;
  /** The photo storage that keeps uploaded originals (the uploads service's). */
  storage: PhotoStorage;
  /** The drawing of a stored generated picture (its recipe and id), or undefined for one it does not know. */
  draw: (recipe: string, id: string) => string | undefined;
  logger?: { warn(obj: object, msg: string): void };
}

export interface ImageVariant {
  bytes: Uint8Array;
  contentType: string;
}

const notFound = () => new AppError("not_found", "Изображение не найдено", { code: "image_not_found" });

export function createImagesService(
  work: UnitOfWork<{ images: ImagesRepository }>,
  uploads: UploadsService,
  options: ImagesOptions,
) {
  const encoding = semaphore(ENCODE_SLOTS);
  const rows = new Map<string, ImageRow>();
  const making = new Map<string, Promise<ImageVariant>>();

  const rowOf = async (id: string): Promise<ImageRow | undefined> => {
    const known = rows.get(id);
    if (known) return known;
    const row = await work.repositories.images.find(id);
    if (row) {
      if (rows.size >= ROW_CACHE) rows.delete(rows.keys().next().value as string);
      rows.set(id, row);
    }
    return row;
  };

  /** The original as a sharp pipeline scaled to `width` (never wider than an upload is). */
  const source = async (row: ImageRow, width: number): Promise<Sharp> => {
    if (row.source === "generated") {
      const svg = row.recipe ? options.draw(row.recipe, row.id) : undefined;
      if (!svg) throw notFound();
      return renderSvg(svg, width, row.width);
    }
    const bytes = row.storageKey ? await options.storage.get(row.storageKey) : undefined;
    if (!bytes) throw notFound();
    return sharp(bytes).resize({ width, withoutEnlargement: true });
  };

  const make = async (row: ImageRow, width: ImageWidth, format: ImageFormat): Promise<ImageVariant> => {
    const pipeline = (await source(row, width)).flatten({ background: "#ffffff" });
    const encoded =
      format === "avif"
        ? pipeline.avif(ENCODE.avif)
        : format === "webp"
          ? pipeline.webp(ENCODE.webp)
          : pipeline.jpeg(ENCODE.jpeg);
    return { bytes: await encoded.toBuffer(), contentType: CONTENT_TYPE[format] };
  };

  const cachePath = (id: string, width: number, format: ImageFormat) =>
    join(options.cacheDir, id.slice(1, 3), id, `${width}.${format}`);

  /** Keeps a made copy: written beside its place and renamed, so a reader never sees half a file. */
  const keep = async (path: string, bytes: Uint8Array) => {
    const temporary = `${path}.tmp-${randomBytes(6).toString("hex")}`;
    try {
      await mkdir(join(path, ".."), { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (err) {
      await rm(temporary, { force: true }).catch(() => {});
      options.logger?.warn({ err, path }, "image: made copy not kept");
    }
  };

  return {
    /**
     * The picture `id` at `width` in `format`: from the cache folder, or made now (one encode per copy
     * however many ask for it at once; at most ENCODE_SLOTS encodes in the process) and kept.
     */
    async variant(id: string, width: number, format: ImageFormat): Promise<ImageVariant> {
      if (!UPLOAD_ID.test(id) || !isImageWidth(width)) throw notFound();
      const path = cachePath(id, width, format);
      const cached = await readFile(path).catch(() => undefined);
      if (cached) return { bytes: cached, contentType: CONTENT_TYPE[format] };
      const key = `${id}/${width}.${format}`;
      const pending = making.get(key);
      if (pending) return pending;
      const job = (async () => {
        const row = await rowOf(id);
        if (!row) throw notFound();
        const made = await encoding(() => make(row, width, format));
        await keep(path, made.bytes);
        return made;
      })();
      making.set(key, job);
      try {
        return await job;
      } finally {
        making.delete(key);
      }
    },

    /**
     * An operator's picture: taken through the upload pipeline (streamed with the byte cap, sniffed,
     * checked for pixels, re-encoded without metadata, stored under a random id), given its placeholder,
     * and made a catalogue image in one transaction with its upload's attachment.
     */
    async storeUpload(
      operator: { userId: number },
      body: ReadableStream<Uint8Array> | null,
      declaredBytes?: number,
    ): Promise<ImageRow> {
      const stored = await uploads.upload(operator, "catalog", body, declaredBytes);
      const small = await uploads.photo(stored.id, { userId: operator.userId, roles: ["operator"] }, 160);
      const placeholder = await thumbHashOf(sharp(small.bytes));
      return work.transaction((r) => r.images.insertFromUpload(stored.id, placeholder, operator.userId));
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
