import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#server/errors.ts";

/**
 * What a client can make the server hold while it reads a request (ADR 025). Every endpoint that takes a
 * body says how large a legitimate one can be; anything over it is refused before it is parsed.
 */
export const BODY_LIMITS = {
  /**
   * Every API write unless its definition says otherwise (`bodyLimit` in defineRoute). The largest body
   * the API takes today is the identity import's `redirectTo` (≤ 2,048 characters, up to ~12 KB when a
   * client escapes every character as `\uXXXX`); a recent search is ≤ 200 characters.
   */
  apiWrite: 16 * 1024,
  /** A browser's CSP violation reports: a few hundred bytes each, batched by the Reporting API. */
  cspReport: 16 * 1024,
  /** Pages take no form posts today (no route has an action); a form's fields if one ever does. */
  page: 16 * 1024,
} as const;

/**
 * Refuses a body over `maxBytes` with our 413 JSON error. A declared Content-Length over the limit is
 * refused before a byte is read; a body without one (chunked) is counted as it streams and refused at
 * the chunk that crosses the limit, so at most `maxBytes` of it is ever held (hono/body-limit keeps what it
 * read, up to the limit, for the handler).
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const kb = Math.round(maxBytes / 1024);
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("payload_too_large", `Тело запроса больше ${kb} КБ`, { code: "body_too_large" });
    },
  });
}
