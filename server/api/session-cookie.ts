import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
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

export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  const options = { httpOnly: true, sameSite: "Lax", path: "/", expires: expiresAt } as const;
  if (isHttps(c)) setCookie(c, SESSION_COOKIE, token, { ...options, secure: true, prefix: "host" });
  else setCookie(c, SESSION_COOKIE, token, options);
}

export function clearSessionCookie(c: Context): void {
  if (isHttps(c)) deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, prefix: "host" });
  else deleteCookie(c, SESSION_COOKIE, { path: "/" });
}
