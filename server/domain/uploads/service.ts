import { randomBytes } from "node:crypto";
import { hasRole } from "#contract/roles.ts";
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PER_OBJECT,
  UPLOAD_WIDTHS,
  type UploadPurpose,
  type UploadResult,
  type UploadWidth,
  uploadUrl,
} from "#contract/uploads.ts";
import { semaphore } from "#server/domain/semaphore.ts";
import { AppError } from "#server/errors.ts";
import { declaredSize, reencode, resizeTo, SNIFF_BYTES, sniffImageType } from "./image.ts";
import { readCapped, tooLarge } from "./read-capped.ts";
import type { UploadRow, UploadsRepository } from "./repository.ts";
import type { PhotoStorage } from "./storage.ts";

// The upload pipeline (issue 21, point 1; ADR 057): a photo is read with a byte cap, judged by its bytes,
// checked for its declared pixels, re-encoded without metadata, stored under a random id, and only then
// given a row. Nothing half-stored stays behind: a failure before the row removes the stored object.

/** Unattached uploads live this long before the purge job removes them. */
export const UNATTACHED_KEPT_MS = 24 * 3600 * 1000;
/**
 * Re-encodes running at once in one process. A 12 MP photo costs ~100 MB of peak RSS while it is decoded,
 * rotated and scaled (bench/uploads.ts): one at a time keeps a 512 MB container (ADR 025) safe, and still
 * re-encodes ~4 photos a second per process; the others wait their turn holding only their bytes.
 */
const ENCODE_SLOTS = 1;
const PURGE_BATCH = 200;
/** Stored files the purge looks at per run for orphans (files without a row). */
const ORPHAN_SWEEP_KEYS = 5_000;

export interface UploadsOptions {
  storage: PhotoStorage;
  /** The byte cap (UPLOAD_MAX_BYTES); tests lower it. */
  maxBytes?: number;
  /**
   * Whether the review `reviewId` is public (published, not hidden): its photos are then shown to anyone.
   * The composition asks the reviews service (ADR 060); without it, none is.
   */
  reviewIsPublic?: (reviewId: number) => Promise<boolean>;
  now?: () => Date;
  logger?: { warn(obj: object, msg: string): void };
}

/** Who asks for a photo: a signed-in user (with roles) or nobody. */
export type PhotoViewer = { userId: number; roles: readonly string[] } | undefined;

/** The storage key of a photo, and of its copy at a width (a folder per width). */
const keyOf = (row: Pick<UploadRow, "id" | "contentType">, width?: UploadWidth) =>
  `${width ? `w${width}/` : ""}${row.id}.${row.contentType === "image/webp" ? "webp" : "jpg"}`;

/** A random, URL-safe id: 128 bits, 22 characters of base64url. */
export function newUploadId(): string {
  return randomBytes(16).toString("base64url");
}

/** The review a photo is attached to (`review:42`), if it is. The hook public visibility turns on. */
export function reviewOf(attachedTo: string | null): number | undefined {
  const match = attachedTo?.match(/^review:(\d{1,15})$/);
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether `viewer` may see the photo: its owner and staff (operators, admins) always; anyone once it is a
 * photo of a public review. Everyone else is told it does not exist.
 */
export async function maySee(
  row: Pick<UploadRow, "ownerUserId" | "attachedTo">,
  viewer: PhotoViewer,
  reviewIsPublic: (reviewId: number) => Promise<boolean>,
): Promise<boolean> {
  if (viewer && (viewer.userId === row.ownerUserId || hasRole(viewer.roles, "operator"))) return true;
  const review = reviewOf(row.attachedTo);
  return review !== undefined && (await reviewIsPublic(review));
}

/**
 * Attaches the photos `ids` of `owner` to an object (`support_message:12`, `refund:3`, `review:7`), through
 * the repository of the transaction that writes the object: every id must be the owner's own, of this
 * purpose, and not attached yet, or nothing of the write stands (404 `upload_not_found`, the same as for
 * an id that does not exist). At most UPLOAD_MAX_PER_OBJECT.
 */
export async function attachUploads(
  repository: Pick<UploadsRepository, "attach">,
  ids: readonly string[],
  owner: { userId: number; purpose: UploadPurpose },
  attachedTo: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length > UPLOAD_MAX_PER_OBJECT) {
    throw new AppError("validation", `Не больше ${UPLOAD_MAX_PER_OBJECT} фото`, {
      code: "invalid_parameters",
    });
  }
  const attached = await repository.attach(unique, owner, attachedTo);
  if (attached.length !== unique.length) {
    throw new AppError("not_found", "Фото не найдено: загрузите его ещё раз", { code: "upload_not_found" });
  }
}

export function createUploadsService(repository: UploadsRepository, options: UploadsOptions) {
  const { storage } = options;
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  const reviewIsPublic = options.reviewIsPublic ?? (async () => false);
  const now = options.now ?? (() => new Date());
  const encoding = semaphore(ENCODE_SLOTS);

  /**
   * Files with no row, an hour old or more: a process that died between storing a photo and writing its
   * row, or a purge whose file deletions failed after its row went. A stored photo gets its row within
   * milliseconds, so an hour leaves every upload in progress alone.
   */
  const sweepOrphans = async (before: Date) => {
    const keys = await storage.listBefore(before, ORPHAN_SWEEP_KEYS);
    const idOf = (key: string) => key.replace(/^w\d+\//, "").replace(/\.\w+$/, "");
    const existing = await repository.existing([...new Set(keys.map(idOf))]);
    for (const key of keys) if (!existing.has(idOf(key))) await storage.delete(key);
  };

  return {
    storageKind: storage.kind,

    /**
     * Takes one photo from a request body. `declaredBytes` (Content-Length) over the cap is refused before
     * a byte is read; otherwise the body is refused at the chunk that crosses it, or after its first
     * SNIFF_BYTES when they are no JPEG, PNG or WebP.
     */
    async upload(
      owner: { userId: number },
      /** A shopper's purpose, or `catalog` for an operator's picture (the images service, ADR 061). */
      purpose: UploadRow["purpose"],
      body: ReadableStream<Uint8Array> | null,
      declaredBytes?: number,
    ): Promise<UploadResult> {
      if (declaredBytes !== undefined && declaredBytes > maxBytes) {
        await body?.cancel().catch(() => {});
        throw tooLarge();
      }
      if (!body) throw new AppError("validation", "Выберите фото", { code: "image_format" });
      let type: Awaited<ReturnType<typeof sniffImageType>> | undefined;
      const bytes = await readCapped(body, {
        maxBytes,
        headBytes: SNIFF_BYTES,
        onHead: async (head) => {
          type = await sniffImageType(head);
        },
      });
      if (!type) throw new AppError("unsupported_media_type", "Не удалось определить формат фото");
      const accepted = type;
      // The header's declared size first: a bomb is refused before anything is decoded.
      await declaredSize(bytes);
      const encoded = await encoding(() => reencode(bytes, accepted));
      const id = newUploadId();
      const key = keyOf({ id, contentType: encoded.contentType });
      await storage.put(key, encoded.bytes, encoded.contentType);
      try {
        await repository.insert({
          id,
          ownerUserId: owner.userId,
          purpose,
          contentType: encoded.contentType,
          width: encoded.width,
          height: encoded.height,
          bytes: encoded.bytes.byteLength,
          storage: storage.kind,
          storageKey: key,
        });
      } catch (error) {
        // The object went in, the row did not: the object goes too, so nothing is left unaccounted for.
        await storage.delete(key).catch((err: unknown) => {
          options.logger?.warn({ err, key }, "upload: object of a failed insert not removed");
        });
        throw error;
      }
      return { id, width: encoded.width, height: encoded.height, url: uploadUrl(id) };
    },

    /**
     * The photo at `width` (or as stored) for `viewer`: 404 `upload_not_found` for a photo that is not
     * there or is not theirs to see, 401 for a signed-out viewer of anything not public. A width's copy is
     * made on first demand and kept in the same storage.
     */
    async photo(
      id: string,
      viewer: PhotoViewer,
      width?: UploadWidth,
    ): Promise<{ bytes: Uint8Array; contentType: string; row: UploadRow }> {
      const row = await repository.find(id);
      if (!row || !(await maySee(row, viewer, reviewIsPublic))) {
        if (!viewer) {
          throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
        }
        throw new AppError("not_found", "Фото не найдено", { code: "upload_not_found" });
      }
      const original = () => storage.get(row.storageKey);
      if (!width || width >= row.width) {
        const bytes = await original();
        if (!bytes) throw new AppError("not_found", "Фото не найдено", { code: "upload_not_found" });
        return { bytes, contentType: row.contentType, row };
      }
      const variantKey = keyOf(row, width);
      const cached = await storage.get(variantKey);
      if (cached) return { bytes: cached, contentType: row.contentType, row };
      const bytes = await original();
      if (!bytes) throw new AppError("not_found", "Фото не найдено", { code: "upload_not_found" });
      const resized = await encoding(() => resizeTo(bytes, row.contentType, width));
      await storage.put(variantKey, resized, row.contentType).catch((err: unknown) => {
        options.logger?.warn({ err, key: variantKey }, "upload: resized copy not kept");
      });
      return { bytes: resized, contentType: row.contentType, row };
    },

    /**
     * Removes uploads no object took within UNATTACHED_KEPT_MS: the row first, then its files; and the
     * temporary files of writes a dead process left (older than an hour).
     */
    async purgeUnattached(): Promise<number> {
      const before = new Date(now().getTime() - UNATTACHED_KEPT_MS);
      const anHourAgo = new Date(now().getTime() - 3600 * 1000);
      await storage.sweep?.(anHourAgo).catch((err: unknown) => {
        options.logger?.warn({ err }, "upload: temporary files not swept");
      });
      await sweepOrphans(anHourAgo).catch((err: unknown) => {
        options.logger?.warn({ err }, "upload: orphaned files not swept");
      });
      let total = 0;
      for (;;) {
        const rows = await repository.unattachedBefore(before, PURGE_BATCH);
        for (const row of rows) {
          if (!(await repository.deleteUnattached(row.id))) continue;
          total++;
          for (const key of [row.storageKey, ...UPLOAD_WIDTHS.map((w) => keyOf(row, w))]) {
            await storage.delete(key).catch((err: unknown) => {
              options.logger?.warn({ err, key }, "upload: file of a purged upload not removed");
            });
          }
        }
        if (rows.length < PURGE_BATCH) return total;
      }
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
