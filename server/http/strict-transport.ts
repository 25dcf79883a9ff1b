import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/env.ts";
import { isHttps } from "./public-origin.ts";

/** Half a year, and subdomains too: what hono/secure-headers sent before (ADR 026). */
export const HSTS = "max-age=15552000; includeSubDomains";

/**
 * Strict-Transport-Security only on answers the browser got over HTTPS (public-origin.ts): over plain
 * HTTP it is meaningless (browsers ignore it, RFC 6797 §8.1) and says something untrue about the server.
 */
export function strictTransport(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (isHttps(c)) c.res.headers.set("Strict-Transport-Security", HSTS);
  };
}
