import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { VISITOR_LIFETIME_DAYS } from "#server/domain/housekeeping.ts";
import { isHttps } from "#server/http/public-origin.ts";

/** An opaque 128-bit visitor id; it names no person and carries no data of its own. */
export const VISITOR_COOKIE = "vid";
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** The visitor id from the request's cookie; undefined when there is none or it is not one of ours. */
export function readVisitor(c: Context): string | undefined {
  const visitor = getCookie(c, VISITOR_COOKIE);
  return visitor && VISITOR_ID.test(visitor) ? visitor : undefined;
}

/**
 * The visitor id, issuing a new HttpOnly cookie (for a year, not renewed: rows older than that are
 * unreachable and purged, see server/domain/housekeeping.ts) when the request has none.
 */
export function ensureVisitor(c: Context): string {
  const known = readVisitor(c);
  if (known) return known;
  const visitor = randomBytes(16).toString("base64url");
  setCookie(c, VISITOR_COOKIE, visitor, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    maxAge: VISITOR_LIFETIME_DAYS * 24 * 3600,
    secure: isHttps(c),
  });
  return visitor;
}
