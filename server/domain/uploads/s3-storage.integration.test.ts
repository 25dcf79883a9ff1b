import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { newShopper } from "#tests/fixtures/api-call.ts";
import { type S3StandIn, startS3StandIn } from "#tests/fixtures/s3-stand-in.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import {
  ageUpload,
  gpsLatitudeOf,
  phonePhoto,
  pngImage,
  uploadRow,
  uploadRowsOf,
} from "#tests/fixtures/upload-data.ts";
import { createS3Storage } from "./storage.ts";

// The uploads' S3 adapter (ADR 057) against s3rver, an S3 stand-in started here: the same pipeline as on
// disk, with the objects in a bucket.

let s3: S3StandIn;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3StandIn();
  client = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
  });
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

/** The services as the server makes them from S3_* variables (start.ts passes config.uploads). */
async function servicesOverS3() {
  const { database } = await getTestContext();
  const config = loadConfig({
    NODE_ENV: "test",
    S3_ENDPOINT: s3.settings.endpoint,
    S3_BUCKET: s3.settings.bucket,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  });
  expect(config.uploads.s3).toEqual(s3.settings);
  return createServices(database.db, { uploads: config.uploads });
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe("the S3 storage", () => {
  it("puts, gets and deletes an object; a missing one is undefined, deleting it twice no error", async () => {
    const storage = createS3Storage(s3.settings);
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put("AbCdEfGhIjKlMnOpQrStUv.jpg", bytes, "image/jpeg");
    expect(await storage.get("AbCdEfGhIjKlMnOpQrStUv.jpg")).toEqual(bytes);
    await storage.delete("AbCdEfGhIjKlMnOpQrStUv.jpg");
    expect(await storage.get("AbCdEfGhIjKlMnOpQrStUv.jpg")).toBeUndefined();
    await storage.delete("AbCdEfGhIjKlMnOpQrStUv.jpg");
  });

  it("refuses a key that is not a photo's", async () => {
    const storage = createS3Storage(s3.settings);
    await expect(storage.put("../etc/passwd", new Uint8Array([1]), "image/jpeg")).rejects.toThrow(
      /bad storage key/,
    );
  });
});

describe("the upload pipeline over S3", () => {
  it("stores the re-encoded photo in the bucket, without GPS, with its type, and serves it and its widths", async () => {
    const services = await servicesOverS3();
    const { database } = await getTestContext();
    const shopper = await newShopper();
    const result = await services.uploads.upload(
      { userId: shopper.userId },
      "support",
      new Blob([new Uint8Array(await phonePhoto(1600, 1200))]).stream(),
    );
    const row = await uploadRow(database.db, result.id);
    expect(row).toMatchObject({ storage: "s3", storageKey: `${result.id}.jpg`, contentType: "image/jpeg" });

    const object = await client.send(
      new GetObjectCommand({ Bucket: s3.settings.bucket, Key: row!.storageKey }),
    );
    expect(object.ContentType).toBe("image/jpeg");
    const stored = await object.Body!.transformToByteArray();
    expect(await gpsLatitudeOf(stored)).toBeUndefined();
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    const viewer = { userId: shopper.userId, roles: ["shopper"] };
    expect((await services.uploads.photo(result.id, viewer)).bytes).toEqual(stored);
    const small = await services.uploads.photo(result.id, viewer, 160);
    expect((await sharp(small.bytes).metadata()).width).toBe(160);
    expect(await objectExists(`w160/${result.id}.jpg`)).toBe(true);
  });

  it("deletes the object when the row cannot be written: nothing half-stored", async () => {
    const services = await servicesOverS3();
    const before = await listKeys();
    await expect(
      services.uploads.upload(
        { userId: 2_000_000_000 },
        "support",
        new Blob([new Uint8Array(await pngImage())]).stream(),
      ),
    ).rejects.toThrow();
    expect(await listKeys()).toEqual(before);
  });

  it("purges an unattached upload's objects with its row", async () => {
    const services = await servicesOverS3();
    const { database } = await getTestContext();
    const shopper = await newShopper();
    const { id } = await services.uploads.upload(
      { userId: shopper.userId },
      "refund",
      new Blob([new Uint8Array(await pngImage())]).stream(),
    );
    await services.uploads.photo(id, { userId: shopper.userId, roles: [] }, 160);
    await ageUpload(database.db, id, 30);
    expect(await services.uploads.purgeUnattached()).toBeGreaterThanOrEqual(1);
    expect(await uploadRowsOf(database.db, shopper.userId)).toEqual([]);
    expect(await objectExists(`${id}.webp`)).toBe(false);
    expect(await objectExists(`w160/${id}.webp`)).toBe(false);
  });
});

describe("the sweep of orphans over S3", () => {
  it("removes an object without a row once it is an hour old, and keeps the photos that have one", async () => {
    const { database } = await getTestContext();
    const shopper = await newShopper();
    const services = await servicesOverS3();
    const { id } = await services.uploads.upload(
      { userId: shopper.userId },
      "review",
      new Blob([new Uint8Array(await pngImage())]).stream(),
    );
    const storage = createS3Storage(s3.settings);
    await storage.put("OrphanOrphanOrphanOrph.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
    // Not an hour old yet: stays.
    await services.uploads.purgeUnattached();
    expect(await objectExists("OrphanOrphanOrphanOrph.jpg")).toBe(true);
    // Two hours later (the clock of a second service over the same bucket and database).
    const later = createServices(database.db, {
      uploads: { s3: s3.settings, now: () => new Date(Date.now() + 2 * 3600 * 1000) },
    });
    await later.uploads.purgeUnattached();
    expect(await objectExists("OrphanOrphanOrphanOrph.jpg")).toBe(false);
    expect(await objectExists(`${id}.webp`)).toBe(true);
    expect(await uploadRow(database.db, id)).toBeDefined();
  });
});

/** Every key in the bucket. */
async function listKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key ?? "").sort();
}
