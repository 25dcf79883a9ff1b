import type { MiddlewareHandler } from "hono";
import { AppError } from "#server/errors.ts";

/**
 * The longest API request target (path and query string, as sent) answered: about six times the URL of a
 * shopper who ticked every value of every filter of the largest category (~1.4 KB), and half of what Node
 * accepts for the whole request head (ADR 024).
 */
export const MAX_API_URL_LENGTH = 8192;

/** Refuses an over-long API address with a 400 before any parsing of its query string. */
export function apiUrlLimit(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const target = url.length - url.indexOf("/", url.indexOf("//") + 2);
    if (target > MAX_API_URL_LENGTH) {
      throw new AppError(
        "validation",
        `Слишком длинный адрес запроса: больше ${MAX_API_URL_LENGTH} символов`,
        {
          code: "url_too_long",
        },
      );
    }
    await next();
  };
}
