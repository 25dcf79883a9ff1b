import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * A kept page gzipped once, not on every hit (issue 23; ADR 071). Every answer of a kept page carries a
 * fresh CSP nonce inside its HTML, so the bytes differ per response and a gzip of the whole cannot be kept.
 * But the page is the same between the nonces: each stretch is deflated once, on its own and ended with a
 * sync flush (byte-aligned, no reference into another stretch), and a response is those stretches with the
 * nonce between them as stored (uncompressed) blocks, a final empty block, and gzip's header and trailer.
 * That is one valid deflate stream; its CRC-32 is combined from the stretches' own, kept beside them. The
 * page cache keeps only these pieces (a third of the HTML's bytes); a client without gzip gets them inflated.
 *
 * Measured on a product page (45 KB of HTML, ~9 KB gzipped): a kept page served 1,050 req/s gzipped per
 * hit against 2,550 uncompressed; joining pieces costs about what the uncompressed answer does.
 */

const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** BFINAL = 1 with fixed Huffman codes and only the end-of-block code: the stream ends here. */
const FINAL_EMPTY_BLOCK = Uint8Array.of(0x03, 0x00);

export interface GzipPieces {
  /** Each stretch between two nonces, deflated and sync-flushed (see `deflatePieces` for its window). */
  deflated: Uint8Array[];
  /** CRC-32 and length of each stretch: a response's trailer is combined from them, not from the HTML. */
  crcs: number[];
  lengths: number[];
  /** Bytes held for the page (the cache counts them). */
  bytes: number;
  /**
   * The separator length the stretches were deflated for, when each refers back into the ones before it;
   * undefined when each stands alone. Only a separator of this length may join them.
   */
  chainedFor?: number | undefined;
}

/** Deflate's window: how far back a stretch may refer. */
const WINDOW = 32 * 1024;

/**
 * Deflates each stretch once. Level 6, zlib's default: what the per-response compression used.
 *
 * With `separatorLength` (the render's nonce, a fixed 22 characters), each stretch is deflated with the
 * page before it as its dictionary, so it may refer back across the nonces as one gzip of the whole page
 * would: the home page, cut at 23 nonces, answered 20.4 KB with its stretches on their own and 18.3 KB
 * chained (ADR 071). In that dictionary every separator is NUL bytes of its length: no stretch contains
 * one (a page with a NUL is deflated stretch by stretch), so no reference can reach into a separator, and
 * with a separator of the same length in the answer every distance to the stretches is the one deflate
 * chose.
 */
export function deflatePieces(parts: readonly Uint8Array[], separatorLength?: number): GzipPieces {
  const chained =
    separatorLength !== undefined && parts.length > 1 && parts.every((part) => !part.includes(0));
  let window: Uint8Array | undefined;
  // Copied out: zlib's answer is a view into a chunk of 16 KB or more, which a kept view would hold whole
  // (a thousand kept pages held 300 MB more than their pieces' size).
  const deflated = parts.map((part) => {
    const piece = new Uint8Array(
      deflateRawSync(part, {
        level: 6,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(window ? { dictionary: window } : {}),
      }),
    );
    if (chained) window = windowAfter(window, part, separatorLength);
    return piece;
  });
  return {
    deflated,
    crcs: parts.map(crcOf),
    lengths: parts.map((part) => part.byteLength),
    bytes: deflated.reduce((sum, piece) => sum + piece.byteLength, 0),
    chainedFor: chained ? separatorLength : undefined,
  };
}

/**
 * The last 32 KB of what a decoder has seen once `part` and the separator after it are out, the separator
 * as NUL bytes. Recomputed when inflating, so a kept page holds no more than its pieces.
 */
function windowAfter(window: Uint8Array | undefined, part: Uint8Array, separatorLength: number): Uint8Array {
  const before = window?.byteLength ?? 0;
  const next = new Uint8Array(before + part.byteLength + separatorLength);
  if (window) next.set(window);
  next.set(part, before);
  return next.byteLength > WINDOW ? next.slice(next.byteLength - WINDOW) : next;
}

/** The stretches back, as they were deflated (a client without gzip; rare). */
export function inflatePieces(pieces: GzipPieces): Uint8Array<ArrayBuffer>[] {
  let window: Uint8Array | undefined;
  return pieces.deflated.map((piece) => {
    const part = new Uint8Array(
      inflateRawSync(piece, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(window ? { dictionary: window } : {}),
      }),
    );
    if (pieces.chainedFor !== undefined) window = windowAfter(window, part, pieces.chainedFor);
    return part;
  });
}

// Node 20's crc32 answers 0 for an empty typed array whatever the running value: empty input is 0 here.
const crcOf = (bytes: Uint8Array) => (bytes.byteLength === 0 ? 0 : crc32(bytes));

// CRC-32 of two strings joined, from theirs (zlib's crc32_combine, which Node does not expose): the
// first's CRC times x^(8 · the second's length) modulo the polynomial, plus the second's.
const POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let x = b;
  for (;;) {
    if (a & m) {
      p ^= x;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return p >>> 0;
}
/** x^(2^n) modulo the polynomial, n = 0…31. */
const X2N: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++, p = multModP(p, p)) X2N.push(p);
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  for (let rest = n, j = k; rest > 0; rest = Math.floor(rest / 2), j++) {
    if (rest % 2 === 1) p = multModP(X2N[j & 31]!, p);
  }
  return p;
}
export function crc32Combine(first: number, second: number, secondLength: number): number {
  if (secondLength === 0) return first >>> 0;
  return (multModP(x2nModP(secondLength, 3), first) ^ second) >>> 0;
}

/** A non-final stored block: the separator as it is (at most 65,535 bytes; a nonce is ~24). */
function storedBlock(bytes: Uint8Array): Uint8Array {
  const length = bytes.byteLength;
  if (length > 0xffff) throw new Error("a stored block holds at most 65,535 bytes");
  const block = new Uint8Array(5 + length);
  block[0] = 0x00; // BFINAL 0, BTYPE 00, padded to the byte
  block[1] = length & 0xff;
  block[2] = length >> 8;
  block[3] = ~length & 0xff;
  block[4] = (~length >> 8) & 0xff;
  block.set(bytes, 5);
  return block;
}

/** Sync-flushed deflate bytes (byte-aligned, not final) and the CRC-32 and length of what they inflate to. */
export interface DeflatedRun {
  deflated: Uint8Array;
  crc: number;
  length: number;
}

/** `bytes` deflated on their own for one answer, to go between kept runs (`gzipOfRuns`). */
export function deflatedRun(bytes: Uint8Array): DeflatedRun {
  return {
    deflated: deflateRawSync(bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crcOf(bytes),
    length: bytes.byteLength,
  };
}

/**
 * The page's stretches joined by `separator` (the fresh nonce), as runs of one deflate stream: each
 * stretch's deflated piece with the separator as a stored block between them.
 */
export function joinedRuns(pieces: GzipPieces, separator: Uint8Array): DeflatedRun[] {
  // Stretches deflated for another separator length would refer to the wrong places: deflate them again.
  if (pieces.chainedFor !== undefined && pieces.chainedFor !== separator.byteLength) {
    return joinedRuns(deflatePieces(inflatePieces(pieces)), separator);
  }
  const between = { deflated: storedBlock(separator), crc: crcOf(separator), length: separator.byteLength };
  return pieces.deflated.flatMap((deflated, i) => {
    const run = { deflated, crc: pieces.crcs[i]!, length: pieces.lengths[i]! };
    return i > 0 ? [between, run] : [run];
  });
}

/**
 * One gzip member of `runs` in order: gzip's header, the runs, a final empty block, and the trailer
 * combined from the runs' own CRCs and lengths. What gunzip turns into their texts joined.
 */
export function gzipOfRuns(runs: readonly DeflatedRun[]): Uint8Array<ArrayBuffer> {
  let crc = 0;
  let size = 0;
  let bytes = 0;
  for (const run of runs) {
    crc = crc32Combine(crc, run.crc, run.length);
    size += run.length;
    bytes += run.deflated.byteLength;
  }
  const out = new Uint8Array(GZIP_HEADER.byteLength + bytes + FINAL_EMPTY_BLOCK.byteLength + 8);
  let at = 0;
  const put = (chunk: Uint8Array) => {
    out.set(chunk, at);
    at += chunk.byteLength;
  };
  put(GZIP_HEADER);
  for (const run of runs) put(run.deflated);
  put(FINAL_EMPTY_BLOCK);
  const trailer = new DataView(out.buffer, at, 8);
  trailer.setUint32(0, crc >>> 0, true);
  trailer.setUint32(4, size >>> 0, true);
  return out;
}

/**
 * The gzip of the page's stretches joined by `separator` (the fresh nonce), from their deflated pieces:
 * what gunzip turns into exactly the page with `separator` at every place the render had its own.
 */
export function gzipJoined(pieces: GzipPieces, separator: Uint8Array): Uint8Array<ArrayBuffer> {
  return gzipOfRuns(joinedRuns(pieces, separator));
}

/** Whether the client takes gzip (Accept-Encoding names it, or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard: number | undefined;
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name.trim() === "gzip") return weight > 0;
    if (name.trim() === "*") wildcard = weight;
  }
  return (wildcard ?? 0) > 0;
}
