import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SIGNED_IN_HINT_COOKIE } from "#contract/session-hint.ts";
import { isHttps } from "#server/http/public-origin.ts";

/**
 * The session cookie (architecture.md, security baseline): `__Host-sid` (HttpOnly, Secure, Path=/, no
 * Domain, so no subdomain can set or read it) on https; plain `sid` on http://localhost, where browsers
 * refuse `__Host-` and `Secure` cookies. SameSite=Lax plus the API's Origin check guard against CSRF.
 */
export const SESSION_COOKIE = "sid";
/** The name on https: Hono's `prefix: "host"` adds `__Host-` to SESSION_COOKIE. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session token the request carries, if any (validated by the identity service, not here). */
export function readSessionToken(c: Context): string | undefined {
  return isHttps(c) ? getCookie(c, SESSION_COOKIE, "host") : getCookie(c, SESSION_COOKIE);
}

/**
 * Sets the session cookie and, beside it, the script-readable signed-in hint with the same lifetime
 * (contract/session-hint.ts): no secret, only "ask for personal data".
 */
export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  const options = { httpOnly: true, sameSite: "Lax", path: "/", expires: expiresAt } as const;
  const secure = isHttps(c);
  if (secure) setCookie(c, SESSION_COOKIE, token, { ...options, secure: true, prefix: "host" });
  else setCookie(c, SESSION_COOKIE, token, options);
  // A new value per sign-in: the page tells a hint it may drop from one a newer sign-in set.
  setCookie(c, SIGNED_IN_HINT_COOKIE, randomBytes(6).toString("base64url"), {
    sameSite: "Lax",
    path: "/",
    expires: expiresAt,
    secure,
  });
}

/** Ends the browser's session cookie and its signed-in hint. */
export function clearSessionCookie(c: Context): void {
  const secure = isHttps(c);
  if (secure) deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, prefix: "host" });
  else deleteCookie(c, SESSION_COOKIE, { path: "/" });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: "/", secure });
}
