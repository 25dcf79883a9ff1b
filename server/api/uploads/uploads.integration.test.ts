import { mkdir, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { UPLOAD_HINTS, UPLOAD_MAX_BYTES, type UploadResult } from "#contract/uploads.ts";
import { createServices } from "#server/composition/services.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { createUploadsRepository } from "#server/domain/uploads/repository.ts";
import { attachUploads } from "#server/domain/uploads/service.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { newShopper, readJson, TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";
import {
  ageUpload,
  attachUpload,
  bombPng,
  gpsLatitudeOf,
  phonePhoto,
  pngImage,
  uploadRow,
  uploadRowsOf,
  webpImage,
} from "#tests/fixtures/upload-data.ts";

// The upload pipeline through the API (issue 21, point 1; ADR 057).

type Body = Uint8Array | ReadableStream<Uint8Array>;

async function post(cookie: string | undefined, body: Body, init: { purpose?: string; type?: string } = {}) {
  const { app } = await getTestContext();
  const headers: Record<string, string> = { origin: TEST_ORIGIN, "content-type": init.type ?? "image/jpeg" };
  if (cookie) headers.cookie = cookie;
  if (body instanceof Uint8Array) headers["content-length"] = String(body.byteLength);
  return app.request(`${TEST_ORIGIN}/api/v1/uploads?purpose=${init.purpose ?? "support"}`, {
    method: "POST",
    headers,
    body: body as BodyInit,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function get(path: string, cookie?: string) {
  const { app } = await getTestContext();
  return app.request(`${TEST_ORIGIN}${path}`, cookie ? { headers: { cookie } } : {});
}

const uploadsDir = async () => (await getTestContext()).config.uploads.dir;

/** Every file under the uploads folder, temporary ones included. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(await uploadsDir(), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A body of `total` bytes in `chunk`-byte pieces that counts what the server pulled; `failAt` errors there. */
function countingStream(first: Uint8Array, total: number, options: { chunk?: number; failAt?: number } = {}) {
  const chunk = options.chunk ?? 64 * 1024;
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (options.failAt !== undefined && counter.pulled >= options.failAt) {
          controller.error(new Error("connection reset by the test"));
          return;
        }
        if (counter.pulled >= total) {
          controller.close();
          return;
        }
        const start = counter.pulled;
        const piece = new Uint8Array(Math.min(chunk, total - start));
        if (start < first.byteLength) piece.set(first.subarray(start, start + piece.byteLength));
        counter.pulled += piece.byteLength;
        controller.enqueue(piece);
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe("POST /api/v1/uploads", () => {
  it("takes a phone photo: upright, scaled to 2560, JPEG, no EXIF or GPS left", async () => {
    const { database } = await getTestContext();
    const shopper = await newShopper();
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    expect(await gpsLatitudeOf(original)).toBeCloseTo(55.7558, 3);

    const result = await readJson<UploadResult>(await post(shopper.cookie, original, { purpose: "refund" }));
    expect(result.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // 4000 × 3000 with orientation 6 is a portrait 3000 × 4000, scaled to 1920 × 2560.
    expect(result).toMatchObject({ width: 1920, height: 2560, url: `/api/v1/uploads/${result.id}` });

    const row = await uploadRow(database.db, result.id);
    expect(row).toMatchObject({ ownerUserId: shopper.userId, purpose: "refund", contentType: "image/jpeg" });
    expect(row?.storage).toBe("disk");
    const stored = await readFile(join(await uploadsDir(), row!.storageKey));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1920, height: 2560 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(await gpsLatitudeOf(stored)).toBeUndefined();
    expect(stored.includes(Buffer.from("Vitrina Phone"))).toBe(false);
    expect(row?.bytes).toBe(stored.byteLength);
  });

  it("stores a PNG named .jpg and sent as image/jpeg as what it is: a PNG, re-encoded to WebP", async () => {
    const shopper = await newShopper();
    const result = await readJson<UploadResult>(
      await post(shopper.cookie, await pngImage(300, 200, true), { type: "image/jpeg" }),
    );
    const { database } = await getTestContext();
    expect(await uploadRow(database.db, result.id)).toMatchObject({ contentType: "image/webp", width: 300 });
    const served = await get(result.url, shopper.cookie);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", hasAlpha: true });
  });

  it("takes WebP", async () => {
    const shopper = await newShopper();
    const result = await readJson<UploadResult>(
      await post(shopper.cookie, await webpImage(), { type: "image/webp" }),
    );
    expect(result).toMatchObject({ width: 300, height: 200 });
  });

  it.each([
    ["an SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"],
    [
      "an HTML file named .png",
      "<!doctype html><html><body><script>alert(1)</script></body></html>",
      "image/png",
    ],
    [
      "a GIF",
      "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
      "image/gif",
    ],
  ])("refuses %s with the format hint, and keeps nothing", async (_name, text, type) => {
    const shopper = await newShopper();
    const before = await storedFiles();
    const response = await post(shopper.cookie, Buffer.from(text, "latin1"), { type });
    const body = await readJson<{ code: string; message: string }>(response, 415);
    expect(body).toMatchObject({ code: "image_format", message: UPLOAD_HINTS.format });
    const { database } = await getTestContext();
    expect(await uploadRowsOf(database.db, shopper.userId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("neutralises a polyglot (a JPEG with HTML and a ZIP appended): the stored copy is re-encoded pixels only", async () => {
    const shopper = await newShopper();
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const zip = Buffer.from("PK\x03\x04\x14\x00\x00\x00\x08\x00payload.class", "latin1");
    const polyglot = Buffer.concat([await phonePhoto(800, 600), html, zip]);
    const result = await readJson<UploadResult>(await post(shopper.cookie, polyglot));
    const served = Buffer.from(await (await get(result.url, shopper.cookie)).arrayBuffer());
    expect(served.includes(Buffer.from("<script"))).toBe(false);
    expect(served.includes(Buffer.from("PK\x03\x04", "latin1"))).toBe(false);
    expect((await sharp(served).metadata()).format).toBe("jpeg");
  });

  it("refuses a decompression bomb by its header, before decoding", async () => {
    const shopper = await newShopper();
    const bomb = bombPng(20_000);
    expect(bomb.byteLength).toBeLessThan(100_000);
    const started = performance.now();
    const body = await readJson<{ code: string; message: string }>(
      await post(shopper.cookie, bomb, { type: "image/png" }),
      413,
    );
    expect(body).toMatchObject({ code: "image_too_many_pixels", message: UPLOAD_HINTS.pixels });
    // Decoding 400 MP would take seconds and 1.2 GB; the header check takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses a truncated photo with the damaged-file hint", async () => {
    const shopper = await newShopper();
    const whole = await phonePhoto(1200, 900);
    const body = await readJson<{ code: string }>(
      await post(shopper.cookie, whole.subarray(0, Math.floor(whole.byteLength * 0.6))),
      400,
    );
    expect(body.code).toBe("image_damaged");
    const { database } = await getTestContext();
    expect(await uploadRowsOf(database.db, shopper.userId)).toEqual([]);
  });

  it("refuses an oversized body while it streams: the server stops pulling just past the cap", async () => {
    const shopper = await newShopper();
    const head = await phonePhoto(640, 480);
    const { stream, counter } = countingStream(head, 200 * 1024 * 1024);
    const body = await readJson<{ code: string; message: string }>(await post(shopper.cookie, stream), 413);
    expect(body).toMatchObject({ code: "image_too_large", message: UPLOAD_HINTS.size });
    expect(counter.pulled).toBeGreaterThan(UPLOAD_MAX_BYTES);
    expect(counter.pulled).toBeLessThanOrEqual(UPLOAD_MAX_BYTES + 2 * 64 * 1024);
    expect(counter.cancelled).toBe(true);
  });

  it("over a real socket, answers 413 and stops taking a chunked body of 300 MB", async () => {
    const { app } = await getTestContext();
    const shopper = await newShopper();
    // As start.ts serves the app.
    // Without overrideGlobalObjects: false the listener swaps the worker's global Response for its own, and
    // the API files that run after this one in the same fork lose headers set after a clone (their ETag path).
    const server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const total = 300 * 1024 * 1024;
    let sent = 0;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        let answered = 0;
        const req = request({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/v1/uploads?purpose=support",
          headers: {
            host: "localhost",
            origin: TEST_ORIGIN,
            cookie: shopper.cookie,
            "content-type": "image/jpeg",
          },
        });
        req.on("response", (res) => {
          answered = res.statusCode ?? 0;
          res.resume();
        });
        // The server closes the connection on the rest of the body: EPIPE or a reset on this side.
        req.on("error", () => resolve(answered));
        req.on("close", () => resolve(answered));
        const chunk = Buffer.alloc(64 * 1024, 0xff);
        chunk.set([0xff, 0xd8, 0xff, 0xe0]);
        const pump = () => {
          while (sent < total) {
            sent += chunk.byteLength;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          req.end();
        };
        pump();
        setTimeout(() => reject(new Error(`still sending after 20 s: ${sent} bytes`)), 20_000).unref();
      });
      expect(status).toBe(413);
      // The cap and what the sockets' buffers held: nowhere near the 300 MB offered.
      expect(sent).toBeLessThan(UPLOAD_MAX_BYTES + 16 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("refuses a declared Content-Length over the cap before reading a byte", async () => {
    const { app } = await getTestContext();
    const shopper = await newShopper();
    const { stream, counter } = countingStream(new Uint8Array(0), 1024);
    const response = await app.request(`${TEST_ORIGIN}/api/v1/uploads?purpose=support`, {
      method: "POST",
      headers: {
        origin: TEST_ORIGIN,
        cookie: shopper.cookie,
        "content-type": "image/jpeg",
        "content-length": String(UPLOAD_MAX_BYTES + 1),
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await readJson<{ code: string }>(response, 413)).code).toBe("image_too_large");
    expect(counter.pulled).toBe(0);
  });

  it("refuses a non-image after its first bytes, without reading the rest", async () => {
    const shopper = await newShopper();
    const { stream, counter } = countingStream(Buffer.from("<html>".padEnd(8192, " ")), 10 * 1024 * 1024, {
      chunk: 8192,
    });
    expect((await readJson<{ code: string }>(await post(shopper.cookie, stream), 415)).code).toBe(
      "image_format",
    );
    expect(counter.pulled).toBeLessThanOrEqual(3 * 8192);
  });

  it("leaves neither a row nor a file when the upload breaks off midway", async () => {
    const { database } = await getTestContext();
    const shopper = await newShopper();
    const before = await storedFiles();
    const photo = await phonePhoto(1600, 1200);
    const { stream } = countingStream(photo, photo.byteLength, { failAt: Math.floor(photo.byteLength / 2) });
    const response = await post(shopper.cookie, stream);
    // A broken connection is the client's, not a server fault: 400, the damaged-file hint.
    expect(await readJson(response, 400)).toMatchObject({ code: "image_damaged" });
    expect(await uploadRowsOf(database.db, shopper.userId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it("leaves no file when the row cannot be written after the file was stored", async () => {
    const { database, config } = await getTestContext();
    const shopper = await newShopper();
    const before = await storedFiles();
    const services = createServices(database.db, { uploads: { dir: config.uploads.dir } });
    // An owner that does not exist: the row's foreign key fails after the file went in.
    await expect(
      services.uploads.upload(
        { userId: 2_000_000_000 },
        "support",
        new Blob([new Uint8Array(await pngImage())]).stream(),
      ),
    ).rejects.toThrow();
    expect(await storedFiles()).toEqual(before);
    expect(await uploadRowsOf(database.db, shopper.userId)).toEqual([]);
  });

  it("counts uploads per shopper's account (RATE_LIMIT_UPLOADS), not per address", async () => {
    const app = await appWith({ RATE_LIMIT_UPLOADS: "2/600" });
    const send = (cookie: string) =>
      app.request(`${TEST_ORIGIN}/api/v1/uploads?purpose=support`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "image/png", "x-forwarded-for": "10.9.8.7" },
        body: "<html></html>",
      });
    const first = await newShopper();
    const second = await newShopper();
    expect((await send(first.cookie)).status).toBe(415);
    expect((await send(first.cookie)).status).toBe(415);
    const refused = await send(first.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another shopper behind the same address has a budget of their own.
    expect((await send(second.cookie)).status).toBe(415);
  });

  it("answers 401 signed out and 400 for an unknown purpose", async () => {
    expect((await post(undefined, await pngImage())).status).toBe(401);
    const shopper = await newShopper();
    expect((await post(shopper.cookie, await pngImage(), { purpose: "avatar" })).status).toBe(400);
  });
});

describe("GET /api/v1/uploads/{id}", () => {
  it("serves the owner with safe headers, at the widths the pages need", async () => {
    const shopper = await newShopper();
    const { id, url } = await readJson<UploadResult>(
      await post(shopper.cookie, await phonePhoto(2000, 1500)),
    );
    const whole = await get(url, shopper.cookie);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("image/jpeg");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("content-disposition")).toMatch(/^inline/);
    expect(whole.headers.get("cache-control")).toMatch(/^private/);
    for (const w of [160, 480, 1280]) {
      const resized = await get(`/api/v1/uploads/${id}?w=${w}`, shopper.cookie);
      expect(resized.status).toBe(200);
      expect((await sharp(new Uint8Array(await resized.arrayBuffer())).metadata()).width).toBe(w);
    }
    // The copy is kept: asked again, it is read, not made (its file exists).
    expect((await storedFiles()).some((f) => f.endsWith(join("w480", `${id}.jpg`)))).toBe(true);
    expect((await get(`/api/v1/uploads/${id}?w=333`, shopper.cookie)).status).toBe(400);
  });

  it("is the owner's and the operators': another shopper 404, an operator 200, signed out 401", async () => {
    const { database } = await getTestContext();
    const owner = await newShopper();
    const other = await newShopper();
    const operator = await createSession(database.db, { user: { roles: ["shopper", "operator"] } });
    const { url } = await readJson<UploadResult>(await post(owner.cookie, await pngImage()));

    const foreign = await get(url, other.cookie);
    expect(foreign.status).toBe(404);
    const foreignBody = await foreign.json();
    expect(foreignBody).toMatchObject({ code: "upload_not_found" });
    // Nothing tells it from a photo that never existed.
    const missing = await get("/api/v1/uploads/AAAAAAAAAAAAAAAAAAAAAA", other.cookie);
    expect(await missing.json()).toEqual(foreignBody);

    expect((await get(url, operator.cookie)).status).toBe(200);
    expect((await get(url)).status).toBe(401);
  });

  it("shows a review's photo to anyone once the review is public (the visibility hook)", async () => {
    const { database, config } = await getTestContext();
    const owner = await newShopper();
    const { id, url } = await readJson<UploadResult>(
      await post(owner.cookie, await pngImage(), { purpose: "review" }),
    );
    // The composition's hook asks the reviews (ADR 060): a review that does not exist is not public…
    await attachUpload(database.db, id, "review:2000000001");
    expect((await get(url)).status).toBe(401);
    // …a published one is.
    await attachUpload(database.db, id, "review:41");
    expect((await get(url)).status).toBe(200);
    const services = createServices(database.db, {
      uploads: { dir: config.uploads.dir, reviewIsPublic: async (reviewId) => reviewId === 41 },
    });
    expect((await services.uploads.photo(id, undefined)).contentType).toBe("image/webp");
    await attachUpload(database.db, id, "review:42");
    await expect(services.uploads.photo(id, undefined)).rejects.toMatchObject({ status: 401 });
  });
});

describe("attaching photos to an object", () => {
  it("attaches the owner's own unattached photos of the purpose, or nothing at all", async () => {
    const { database } = await getTestContext();
    const unit = createUnitOfWork(database.db, createUploadsRepository);
    const owner = await newShopper();
    const other = await newShopper();
    const upload = async (cookie: string, purpose = "support") =>
      (await readJson<UploadResult>(await post(cookie, await pngImage(), { purpose }))).id;
    const [mine1, mine2, forRefund, theirs] = [
      await upload(owner.cookie),
      await upload(owner.cookie),
      await upload(owner.cookie, "refund"),
      await upload(other.cookie),
    ];
    const attach = (ids: string[], attachedTo: string) =>
      unit.transaction((repository) =>
        attachUploads(repository, ids, { userId: owner.userId, purpose: "support" }, attachedTo),
      );

    // Another shopper's photo, or one of another purpose, among them: 404, and none of them attached.
    for (const stranger of [theirs, forRefund]) {
      await expect(attach([mine1, stranger], "support_message:900")).rejects.toMatchObject({
        status: 404,
        code: "upload_not_found",
      });
      expect((await uploadRow(database.db, mine1))?.attachedTo).toBeNull();
    }
    await expect(attach(["AAAAAAAAAAAAAAAAAAAAAA"], "support_message:900")).rejects.toMatchObject({
      status: 404,
    });

    await attach([mine1, mine2, mine1], "support_message:901");
    expect((await uploadRow(database.db, mine1))?.attachedTo).toBe("support_message:901");
    expect((await uploadRow(database.db, mine2))?.attachedTo).toBe("support_message:901");
    // Attached once: not again, to another object.
    await expect(attach([mine2], "support_message:902")).rejects.toMatchObject({ status: 404 });
    await expect(
      attach(
        ["a", "b", "c", "d", "e", "f"].map((c) => c.repeat(22)),
        "support_message:903",
      ),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe("the purge of unattached uploads", () => {
  it("removes uploads left unattached for a day, with their files, and keeps the rest", async () => {
    const { database } = await getTestContext();
    const shopper = await newShopper();
    const [old, recent, attached] = [
      await readJson<UploadResult>(await post(shopper.cookie, await pngImage())),
      await readJson<UploadResult>(await post(shopper.cookie, await pngImage())),
      await readJson<UploadResult>(await post(shopper.cookie, await pngImage())),
    ];
    await get(`/api/v1/uploads/${old.id}?w=160`, shopper.cookie);
    // A temporary file of a write a dead process left two hours ago, and one being written now.
    const dir = await uploadsDir();
    await mkdir(join(dir, "w480"), { recursive: true });
    await writeFile(join(dir, "w480", ".tmp-deadprocess"), "half a photo");
    await utimes(
      join(dir, "w480", ".tmp-deadprocess"),
      new Date(Date.now() - 7_200_000),
      new Date(Date.now() - 7_200_000),
    );
    await writeFile(join(dir, ".tmp-writingnow"), "a photo being written");
    // A photo stored by a process that died before its row: two hours old, no row.
    const orphan = join(dir, "w160", "OrphanOrphanOrphanOrph.jpg");
    await mkdir(join(dir, "w160"), { recursive: true });
    await writeFile(orphan, "a photo without a row");
    await utimes(orphan, new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));
    // Files of live uploads are as old, and stay.
    const recentRow = await uploadRow(database.db, recent.id);
    await utimes(
      join(dir, recentRow!.storageKey),
      new Date(Date.now() - 7_200_000),
      new Date(Date.now() - 7_200_000),
    );
    await ageUpload(database.db, old.id, 25);
    await ageUpload(database.db, attached.id, 25);
    await attachUpload(database.db, attached.id, "support_message:1");
    const { app: _app, ...context } = await getTestContext();
    const services = createServices(context.database.db, { uploads: { dir: context.config.uploads.dir } });
    expect(await services.uploads.purgeUnattached()).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(database.db, old.id)).toBeUndefined();
    expect((await storedFiles()).some((f) => f.includes(old.id))).toBe(false);
    expect(await uploadRow(database.db, recent.id)).toBeDefined();
    expect(await uploadRow(database.db, attached.id)).toBeDefined();
    const left = await storedFiles();
    expect(left.some((f) => f.endsWith(".tmp-deadprocess"))).toBe(false);
    expect(left.some((f) => f.endsWith(".tmp-writingnow"))).toBe(true);
    expect(left.some((f) => f.endsWith("OrphanOrphanOrphanOrph.jpg"))).toBe(false);
    expect(left.some((f) => f.endsWith(recentRow!.storageKey))).toBe(true);
    await rm(join(dir, ".tmp-writingnow"));
  });
});
