import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, crc32Combine, deflatePieces, gzipJoined, inflatePieces } from "./precompressed.ts";

const text = (s: string) => new TextEncoder().encode(s);

/** What a browser does with the bytes: the standard DecompressionStream, not Node's lenient gunzip. */
async function browserGunzip(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

describe("a kept page gzipped once, a fresh nonce per answer", () => {
  const page = [
    '<!doctype html><html><head><script nonce="',
    '">window.__ctx={}</script><link nonce="',
    `" rel="modulepreload"></head><body>${"<div class=card>Смартфон Apple iPhone 15 · 79 990 ₽</div>".repeat(400)}</body></html>`,
  ];
  const parts = page.map(text);
  const pieces = deflatePieces(parts);

  it("decompresses to the page with the new nonce at every place, in Node and as a browser does", async () => {
    for (const nonce of ["AbCdEf0123456789+/xyzQ==", "n0nce", ""]) {
      const gz = gzipJoined(pieces, text(nonce));
      const expected = page.join(nonce);
      expect(gunzipSync(gz).toString("utf8")).toBe(expected);
      expect(await browserGunzip(gz)).toBe(expected);
    }
  });

  it("is about as small as gzipping the whole page, and keeps the pieces once", () => {
    const gz = gzipJoined(pieces, text("AbCdEf0123456789+/xyzQ=="));
    const whole = page.join("x").length;
    expect(gz.byteLength).toBeLessThan(whole / 10);
    expect(pieces.bytes).toBeLessThan(gz.byteLength);
  });

  it("handles a page without a nonce (one piece) and empty stretches", async () => {
    const single = [text("<p>без политики</p>")];
    expect(await browserGunzip(gzipJoined(deflatePieces(single), text("unused")))).toBe(
      "<p>без политики</p>",
    );
    const edges = [text(""), text("middle"), text("")];
    expect(await browserGunzip(gzipJoined(deflatePieces(edges), text("N")))).toBe("NmiddleN");
  });

  it("combines CRC-32s as zlib does, and inflates the pieces back", () => {
    for (const [a, b] of [
      ["", "x"],
      ["abc", ""],
      ["Смартфон", " · 79 990 ₽"],
      ["a".repeat(70_000), "b".repeat(123_457)],
    ] as const) {
      const [x, y] = [Buffer.from(a), Buffer.from(b)];
      const crc = (bytes: Buffer) => (bytes.length === 0 ? 0 : crc32(bytes));
      expect(crc32Combine(crc(x), crc(y), y.length), `${a.length}+${b.length}`).toBe(
        crc(Buffer.concat([x, y])),
      );
    }
    expect(inflatePieces(pieces).map((part) => new TextDecoder().decode(part))).toEqual(page);
  });

  it("reads Accept-Encoding as browsers and proxies send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
