import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

/**
 * Where photos are kept (ADR 057): a folder outside the web root (nothing serves it but the uploads
 * route) or an S3-compatible bucket. Keys are made by the service from random ids only.
 */
export interface PhotoStorage {
  readonly kind: "disk" | "s3";
  /** Stores the whole object under `key`, or nothing (a failure leaves no object behind). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the object; one that is not there is no error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what a process that died mid-write left behind (temporary files older than `before`); how
   * many. S3 has nothing to sweep: a PutObject that did not finish leaves no object.
   */
  sweep?(before: Date): Promise<number>;
  /** Keys of objects stored before `before`, at most `limit` of them, for the sweep of orphans. */
  listBefore(before: Date, limit: number): Promise<string[]>;
}

/** A photo (`<id>.jpg`) or its copy at a width (`w480/<id>.jpg`): nothing else is ever a key. */
const KEY = /^(?:w\d{2,4}\/)?[A-Za-z0-9_-]{22}\.(?:jpg|webp)$/;

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
}

/**
 * Photos as files under `dir`. A photo is written to a temporary name beside its place and renamed into
 * it once whole, so a reader (or a crash) never sees half a file under a real key; temporary names start
 * with `.tmp-`, which no key does.
 */
export function createDiskStorage(dir: string): PhotoStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    checkKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`bad storage key: ${key}`);
    return path;
  };
  return {
    kind: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(dirname(path), `.tmp-${randomBytes(9).toString("base64url")}`);
      try {
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async listBefore(before, limit) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const keys: string[] = [];
      for (const entry of entries) {
        if (keys.length >= limit) break;
        if (!entry.isFile()) continue;
        const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join("/");
        if (!KEY.test(key)) continue;
        const { mtime } = await stat(join(root, key)).catch(() => ({ mtime: new Date() }));
        if (mtime < before) keys.push(key);
      }
      return keys;
    },
    async sweep(before) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.startsWith(".tmp-")) continue;
        const path = join(entry.parentPath, entry.name);
        const { mtime } = await stat(path).catch(() => ({ mtime: new Date() }));
        if (mtime < before) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Photos as objects of an S3-compatible bucket (Yandex Object Storage, Selectel, MinIO, AWS). Path-style
 * addressing, which every one of them takes. A PutObject is atomic: the object exists whole or not at all.
 */
export function createS3Storage(settings: S3Settings, client?: S3Client): PhotoStorage {
  const s3 =
    client ??
    new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where the API requires them: stand-ins and older S3 clones reject the newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      checkKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      checkKey(key);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(key) {
      checkKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async listBefore(before, limit) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 }));
        for (const object of page.Contents ?? []) {
          if (keys.length >= limit) return keys;
          if (object.Key && KEY.test(object.Key) && object.LastModified && object.LastModified < before) {
            keys.push(object.Key);
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
  };
}
