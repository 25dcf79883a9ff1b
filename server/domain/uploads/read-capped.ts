import { UPLOAD_HINTS } from "#contract/uploads.ts";
import { AppError } from "#server/errors.ts";

/**
 * Reads a request body into memory, at most `maxBytes` of it: the chunk that crosses the bound cancels the
 * stream (the server stops reading; the client's connection is answered 413 at once) and is refused with
 * the size hint. `onHead` sees the first `headBytes` (or the whole of a shorter body) as soon as they have
 * arrived, so a file of the wrong type is refused after its first few KB, not after all of it.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  options: { maxBytes: number; headBytes: number; onHead: (head: Uint8Array) => Promise<void> },
): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let headSeen = false;
  const head = () => concat(chunks, Math.min(size, options.headBytes));
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((cause: unknown) => {
        // The client went away or the connection broke midway: what arrived is not the whole photo.
        throw new AppError("validation", UPLOAD_HINTS.damaged, { code: "image_damaged", cause });
      });
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) throw tooLarge();
      chunks.push(value);
      if (!headSeen && size >= options.headBytes) {
        headSeen = true;
        await options.onHead(head());
      }
    }
  } catch (error) {
    // Whatever stopped the reading — the bound, a refused type, the client going away — reads no more.
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    reader.releaseLock();
  }
  if (!headSeen) await options.onHead(head());
  return concat(chunks, size);
}

export function tooLarge(): AppError {
  return new AppError("payload_too_large", UPLOAD_HINTS.size, { code: "image_too_large" });
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    const part = chunk.subarray(0, length - offset);
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
