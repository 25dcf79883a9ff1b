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

/**
 * How an API route's answers may be kept (ADR 022), declared once on the route (server/api/define-route.ts):
 * - `shared`: the same for every visitor — public, with an ETag and 304s;
 * - `city`: depends only on the visitor's city cookie — the browser may keep it but must revalidate
 *   (`private, no-cache`, `Vary: Cookie`, ETag), shared caches never store it;
 * - `personal` (and anything undeclared): never stored.
 */
export type ApiCachePolicy = "shared" | "city" | "personal";

/** How long shared answers stay fresh, by kind of data. */
export const SHARED_FRESHNESS = {
  /** Catalogue reads: change with merchandising and stock. */
  catalogue: CACHE_CONTROL.sharedData,
  /** Search results and suggestions: a shorter stale window, the ranking follows the catalogue. */
  search: "public, max-age=60, stale-while-revalidate=300",
  /** Content pages: edited rarely. */
  content: "public, max-age=300, stale-while-revalidate=3600",
  /** Reference lists (cities): change with releases. */
  reference: "public, max-age=3600",
} as const;
export type SharedFreshness = keyof typeof SHARED_FRESHNESS;

export interface ApiCacheDeclaration {
  cache: ApiCachePolicy;
  freshness?: SharedFreshness;
}

/** Cache-Control for a successful read under a declaration; undefined (undeclared) is personal. */
export function apiCacheControl(declaration: ApiCacheDeclaration | undefined): string {
  switch (declaration?.cache) {
    case "shared":
      return SHARED_FRESHNESS[declaration.freshness ?? "catalogue"];
    case "city":
      return CACHE_CONTROL.revalidate;
    default:
      return CACHE_CONTROL.personal;
  }
}

/**
 * Cache-Control, Vary and ETag for every API answer, derived from the route's declaration (read from
 * `c.var.apiCache` after the handler ran). Shared and city reads get a validator, so a matching
 * If-None-Match answers 304 with no body; writes, errors and undeclared or personal routes are never stored.
 */
export function apiCacheHeaders(): MiddlewareHandler<{ Variables: { apiCache?: ApiCacheDeclaration } }> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const readable = c.req.method === "GET" || c.req.method === "HEAD";
    const declaration = readable && res.status === 200 ? c.get("apiCache") : undefined;
    res.headers.set("Cache-Control", apiCacheControl(declaration));
    if (declaration?.cache === "city") res.headers.append("Vary", "Cookie");
    if (declaration?.cache !== "shared" && declaration?.cache !== "city") return;
    // Loaders' in-process calls never revalidate; hashing their bodies would be wasted work.
    if (new URL(c.req.url).host === "in-process.local") return;
    const etag = etagOf(new Uint8Array(await res.clone().arrayBuffer()));
    if (matchesEtag(c.req.header("if-none-match"), etag)) answerNotModified(c, etag);
    else res.headers.set("ETag", etag);
  };
}
