import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/**
 * Cache-Control policies (ADR 012). Shared catalogue reads may be reused by browsers and proxies for a
 * minute and served stale for ten while they revalidate; anonymous pages for half a minute and five;
 * anything personal is never stored.
 */
export const CACHE_CONTROL = {
  sharedData: "public, max-age=60, stale-while-revalidate=600",
  anonymousPage: "public, max-age=30, stale-while-revalidate=300",
  revalidate: "private, no-cache",
  personal: "private, no-store",
  error: "no-store",
} as const;

/** A weak validator over the exact bytes: equal bytes, equal tag (compression does not change it). */
export function etagOf(body: string | Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header matches `etag` (weak comparison, lists and `*` included). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === bare);
}

/** Headers a 304 keeps (RFC 9110 §15.4.5): what a cache needs to freshen its stored copy. */
const KEPT_ON_304 = new Set(["cache-control", "content-location", "date", "etag", "expires", "vary"]);

/** Replaces the context's response with a bodiless 304 carrying only the headers a 304 may carry. */
export function answerNotModified(c: Context, etag: string): void {
  const cacheControl = c.res.headers.get("Cache-Control");
  const vary = c.res.headers.get("Vary");
  c.res.body?.cancel().catch(() => {});
  // Hono copies the old response's headers onto a replacement; strip what a 304 must not repeat.
  c.res = new Response(null, { status: 304 });
  for (const key of Array.from(c.res.headers.keys())) if (!KEPT_ON_304.has(key)) c.res.headers.delete(key);
  c.res.headers.set("ETag", etag);
  if (cacheControl) c.res.headers.set("Cache-Control", cacheControl);
  if (vary) c.res.headers.set("Vary", vary);
}

/** API paths (under /api) whose GET answers are the same for every visitor. */
const SHARED_API = [
  /^\/api\/config$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/v1\/main\/guid$/,
  /^\/api\/v1\/options$/,
  /^\/api\/v1\/products(?:\/.*)?$/,
  /^\/api\/v1\/categories(?:\/.*)?$/,
  /^\/api\/v1\/catalog-menu(?:\/.*)?$/,
  /^\/api\/v1\/brands\/.+$/,
  /^\/api\/v1\/sellers\/.+$/,
  /^\/api\/v1\/pages(?:\/.*)?$/,
  /^\/api\/v1\/search(?:\/suggest)?$/,
  /^\/api\/v1\/route-rules$/,
  /^\/api\/v1\/seo$/,
];

export function isSharedApiPath(path: string): boolean {
  return SHARED_API.some((re) => re.test(path));
}

/**
 * Cache-Control and ETag for API answers. Shared catalogue reads get the shared policy (unless their
 * route chose one) and a validator, so a matching If-None-Match answers 304 with no body; everything
 * else — personal data, errors, writes — is marked never to be stored.
 */
export function apiCacheHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const readable = c.req.method === "GET" || c.req.method === "HEAD";
    const shared = readable && res.status === 200 && isSharedApiPath(c.req.path);
    if (!res.headers.has("Cache-Control")) {
      res.headers.set("Cache-Control", shared ? CACHE_CONTROL.sharedData : CACHE_CONTROL.personal);
    }
    if (!shared || !res.headers.get("Cache-Control")?.startsWith("public")) return;
    // Loaders' in-process calls never revalidate; hashing their bodies would be wasted work.
    if (new URL(c.req.url).host === "in-process.local") return;
    const etag = etagOf(new Uint8Array(await res.clone().arrayBuffer()));
    if (matchesEtag(c.req.header("if-none-match"), etag)) answerNotModified(c, etag);
    else res.headers.set("ETag", etag);
  };
}
