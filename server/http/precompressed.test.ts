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

  describe("each stretch deflated with the page before it as its dictionary", () => {
    // A page as the shop renders it: the same markup on both sides of many nonces (preload tags, cards).
    const card = '<article class="card"><a href="/product/1">Смартфон Apple iPhone 15</a> 79 990 ₽</article>';
    const cut = Array.from(
      { length: 24 },
      (_, i) => `<link rel="modulepreload" href="/assets/c${i}.js" nonce="`,
    );
    const stretches = [...cut, `">${card.repeat(40)}`, `">${card.repeat(40)}</body></html>`];
    const chainedParts = stretches.map(text);
    const nonce = "AbCdEf0123456789_-xyzQ"; // 22 characters, as the shop's
    const chained = deflatePieces(chainedParts, nonce.length);

    it("decompresses to the page in Node and as a browser does, and is smaller than stretches alone", async () => {
      expect(chained.chainedFor).toBe(22);
      for (const fresh of [nonce, "zz9_-YYYYYYYYYYYYYYYYY", "\0".repeat(11)]) {
        const gz = gzipJoined(chained, text(fresh));
        expect(gunzipSync(gz).toString("utf8")).toBe(stretches.join(fresh));
        expect(await browserGunzip(gz)).toBe(stretches.join(fresh));
      }
      const alone = deflatePieces(chainedParts);
      expect(chained.bytes).toBeLessThan(alone.bytes * 0.6);
      expect(inflatePieces(chained).map((p) => Buffer.from(p).toString("utf8"))).toEqual(stretches);
    });

    it("never refers into a nonce: a later stretch that repeats the render's nonce reads back as itself", async () => {
      const echo = [`<p nonce="`, `">${nonce}${nonce}</p><p nonce="`, `">${nonce.slice(3)} ${nonce}</p>`];
      const pieces = deflatePieces(echo.map(text), nonce.length);
      const fresh = "QQQQQQQQQQQQQQQQQQQQQQ";
      expect(await browserGunzip(gzipJoined(pieces, text(fresh)))).toBe(echo.join(fresh));
    });

    it("joins with a separator of another length by deflating again, and leaves a page with a NUL alone", async () => {
      const gz = gzipJoined(chained, text("short"));
      expect(await browserGunzip(gz)).toBe(stretches.join("short"));
      const withNul = [text('<p>a\u0000b</p><i nonce="'), text('">c</i>')];
      const pieces = deflatePieces(withNul, 22);
      expect(pieces.chainedFor).toBeUndefined();
      expect(gunzipSync(gzipJoined(pieces, text(nonce))).toString("utf8")).toBe(
        `<p>a\u0000b</p><i nonce="${nonce}">c</i>`,
      );
    });
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
