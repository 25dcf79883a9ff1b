import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoIdsSchema, UPLOAD_HINTS } from "#contract/uploads.ts";
import { declaredSize, heicDecodes, reencode, sniffImageType } from "./image.ts";
import { readCapped } from "./read-capped.ts";
import { maySee, newUploadId, reviewOf } from "./service.ts";

// The pure parts of the upload pipeline (ADR 057); the API and storage are in the integration tests.

function chunks(sizes: number[], fill = 0xff) {
  let pulled = 0;
  const queue = [...sizes];
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const size = queue.shift();
        if (size === undefined) return controller.close();
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(fill));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe("readCapped", () => {
  const noHead = async () => {};

  it("returns the whole body up to the cap, and hands over its head once", async () => {
    const { stream } = chunks([3, 3, 3]);
    const heads: number[] = [];
    const body = await readCapped(stream, {
      maxBytes: 9,
      headBytes: 4,
      onHead: async (head) => void heads.push(head.byteLength),
    });
    expect(body.byteLength).toBe(9);
    expect(heads).toEqual([4]);
  });

  it("hands a body shorter than the head over whole", async () => {
    const { stream } = chunks([2]);
    const heads: number[] = [];
    await readCapped(stream, {
      maxBytes: 9,
      headBytes: 4,
      onHead: async (h) => void heads.push(h.byteLength),
    });
    expect(heads).toEqual([2]);
  });

  it("stops at the chunk that crosses the cap: 413 with the size hint, nothing more pulled", async () => {
    const { stream, pulled } = chunks([4, 4, 4, 4, 4, 4]);
    await expect(readCapped(stream, { maxBytes: 10, headBytes: 1, onHead: noHead })).rejects.toMatchObject({
      status: 413,
      code: "image_too_large",
      message: UPLOAD_HINTS.size,
    });
    expect(pulled()).toBe(12);
  });

  it("stops as soon as the head is refused", async () => {
    const { stream, pulled } = chunks([4, 4, 4, 4]);
    const refusal = new Error("not an image");
    await expect(
      readCapped(stream, {
        maxBytes: 100,
        headBytes: 4,
        onHead: async () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(pulled()).toBe(4);
  });
});

describe("sniffImageType", () => {
  it("names JPEG, PNG and WebP by their bytes", async () => {
    const make = sharp({ create: { width: 8, height: 8, channels: 3, background: "#808080" } });
    expect(await sniffImageType(await make.clone().jpeg().toBuffer())).toBe("image/jpeg");
    expect(await sniffImageType(await make.clone().png().toBuffer())).toBe("image/png");
    expect(await sniffImageType(await make.clone().webp().toBuffer())).toBe("image/webp");
  });

  it("refuses HEIC with the phone hint while sharp cannot decode it here", async () => {
    // An iPhone photo's first box: ftyp, major brand heic.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
      Buffer.alloc(64),
    ]);
    expect(heicDecodes).toBe(false);
    await expect(sniffImageType(heic)).rejects.toMatchObject({
      status: 415,
      code: "image_heic",
      message: UPLOAD_HINTS.heic,
    });
  });

  it.each([
    ["SVG", '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ["HTML", "<!DOCTYPE html><script>alert(1)</script>"],
    ["a PDF", "%PDF-1.7\n%âãÏÓ\n1 0 obj"],
    ["nothing", ""],
  ])("refuses %s with the format hint", async (_name, text) => {
    await expect(sniffImageType(Buffer.from(text))).rejects.toMatchObject({
      status: 415,
      code: "image_format",
      message: UPLOAD_HINTS.format,
    });
  });
});

describe("declaredSize and reencode", () => {
  it("read the header's size; refuse garbage as a damaged file", async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await declaredSize(png)).toEqual({ width: 30, height: 20 });
    await expect(declaredSize(Buffer.from("\x89PNG\r\n\x1a\nrubbish", "latin1"))).rejects.toMatchObject({
      code: "image_damaged",
    });
  });

  it("refuses a truncated PNG and WebP as damaged rather than decoding what arrived", async () => {
    const make = sharp({
      create: {
        width: 200,
        height: 200,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 50 },
      },
    });
    const png = await make.clone().png().toBuffer();
    const webp = await make.clone().webp().toBuffer();
    await expect(reencode(png.subarray(0, png.byteLength >> 1), "image/png")).rejects.toMatchObject({
      code: "image_damaged",
    });
    await expect(reencode(webp.subarray(0, webp.byteLength >> 1), "image/webp")).rejects.toMatchObject({
      code: "image_damaged",
    });
  });

  it("writes no metadata: an ICC profile and EXIF in, none out", async () => {
    const withMeta = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a05020" } })
      .withIccProfile("p3")
      .withExif({ IFD0: { Copyright: "someone", Artist: "a phone" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withMeta).metadata()).icc).toBeDefined();
    const out = await reencode(withMeta, "image/jpeg");
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out).toMatchObject({ contentType: "image/jpeg", width: 40, height: 30 });
  });
});

describe("ids and visibility", () => {
  it("takes up to five distinct photo ids for an object", () => {
    const id = (c: string) => c.repeat(22);
    expect(photoIdsSchema.parse([id("a"), id("b")])).toEqual([id("a"), id("b")]);
    expect(photoIdsSchema.safeParse([id("a"), id("a")]).success).toBe(false);
    expect(photoIdsSchema.safeParse(["abc"]).success).toBe(false);
    expect(photoIdsSchema.safeParse(["a", "b", "c", "d", "e", "f"].map(id)).success).toBe(false);
  });

  it("makes random URL-safe ids of 22 characters", () => {
    const ids = new Set(Array.from({ length: 1000 }, newUploadId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("tells a review's photo by its attachment", () => {
    expect(reviewOf("review:42")).toBe(42);
    expect(reviewOf("support_message:42")).toBeUndefined();
    expect(reviewOf("review:42x")).toBeUndefined();
    expect(reviewOf(null)).toBeUndefined();
  });

  it("shows a photo to its owner and staff; to others only as a public review's", async () => {
    const row = { ownerUserId: 7, attachedTo: "review:3" };
    const none = async () => false;
    const three = async (id: number) => id === 3;
    expect(await maySee(row, { userId: 7, roles: ["shopper"] }, none)).toBe(true);
    expect(await maySee(row, { userId: 8, roles: ["shopper", "operator"] }, none)).toBe(true);
    expect(await maySee(row, { userId: 8, roles: ["shopper", "admin"] }, none)).toBe(true);
    expect(await maySee(row, { userId: 8, roles: ["shopper"] }, none)).toBe(false);
    expect(await maySee(row, undefined, none)).toBe(false);
    expect(await maySee(row, undefined, three)).toBe(true);
    expect(await maySee({ ownerUserId: 7, attachedTo: "refund:3" }, undefined, three)).toBe(false);
  });
});
