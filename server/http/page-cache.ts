import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import {
  type PageCachePolicy,
  pageCachePolicyOf,
  pageFrameOf,
  pagePartOf,
  pageQueryOf,
} from "#contract/page-cache.ts";
import { WEBVIEW_COOKIE, WEBVIEW_UA_MARKER } from "#contract/webview.ts";
import { CITY_COOKIE, cityIdFromCookie } from "./city-cookie.ts";
import { freshEtagOf, joinAtNonce, nonceOfHeaders, partsOf } from "./csp.ts";
import { CACHE_CONTROL, etagOf } from "./http-cache.ts";
import { deflatePieces, type GzipPieces, inflatePieces } from "./precompressed.ts";

export type { PageCachePolicy } from "#contract/page-cache.ts";

/**
 * Which rendered pages the process keeps, and for whom (ADR 012, ADR 020): each page route declares its
 * policy in its `handle` (contract/page-cache.ts); the server matches a request against the SSR build's
 * route tree and takes the deepest route's declaration. Nothing here lists paths.
 */

/** A route of the page tree as the policy needs it (the SSR build's routes, or a test's). */
export interface PageRoute {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  handle?: unknown;
  children?: PageRoute[];
}

/** The route tree of an SSR build's flat manifest, nested by parent id the way React Router nests it. */
export function pageRoutesOf(manifest: ServerBuild["routes"]): PageRoute[] {
  type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const build = (parentId: string): PageRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const node: PageRoute = { id: route.id, handle: route.module.handle };
      if (route.path !== undefined) node.path = route.path;
      if (route.index) node.index = true;
      if (route.caseSensitive) node.caseSensitive = true;
      // React Router rejects children on an index route, so leaves get none at all.
      const children = route.index ? [] : build(route.id);
      if (children.length > 0) node.children = children;
      return node;
    });
  return build("");
}

/**
 * The document path of a request the way React Router's server resolves it: a single-fetch data request
 * `/product/5.data` is `/product/5`, `/_root.data` is `/`, and a trailing slash is dropped.
 */
export function documentPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path !== "/" && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** A client navigation's single-fetch data request (`/product/5.data`), not a document's. */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/** What a page route declares about caching (contract/page-cache.ts): who it is for, and what it reads. */
export interface PageRule {
  cache: PageCachePolicy;
  /** Whether the page reads the query parameter `name` (page-query.ts keeps only those). */
  reads: (name: string) => boolean;
  /** A shell's personal part, rendered for each request into the kept frame (ADR 074). */
  part?: string | undefined;
  /** The one path a part page's frame is kept under, whatever its address's id (ADR 076). */
  frame?: string | undefined;
}

/** Pages without a route tree (API-only tests): rendered per request, with the URL as it came. */
export const PERSONAL_PAGE: PageRule = { cache: "personal", reads: () => true };

/** Paths whose policy is remembered: a served-from-memory page should not pay for route matching. */
const REMEMBERED_PATHS = 5_000;

/**
 * The rule of a request path: the deepest matched route's declarations; no match or none declared is
 * personal and reads no query parameter. React Router's matchRoutes ranks and compiles every branch on
 * each call (~0.5 ms for our 38 routes), more than serving a kept page costs, so answers are remembered
 * per path (oldest forgotten).
 */
export function pagePolicyResolver(routes: readonly PageRoute[]): (pathname: string) => PageRule {
  const tree = routes as RouteObject[];
  const remembered = new Map<string, PageRule>();
  return (pathname) => {
    const path = documentPath(pathname);
    const known = remembered.get(path);
    if (known) return known;
    const handle = matchRoutes(tree, path)?.at(-1)?.route.handle;
    const policy: PageRule = {
      cache: pageCachePolicyOf(handle),
      reads: pageQueryOf(handle),
      part: pagePartOf(handle),
      frame: pageFrameOf(handle),
    };
    if (remembered.size >= REMEMBERED_PATHS) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    remembered.set(path, policy);
    return policy;
  };
}

/** The resolver for an SSR build, made once per build (development reloads the build on every request). */
const resolvers = new WeakMap<ServerBuild["routes"], (pathname: string) => PageRule>();
export function buildPagePolicy(build: Pick<ServerBuild, "routes">): (pathname: string) => PageRule {
  let resolver = resolvers.get(build.routes);
  if (!resolver) {
    resolver = pagePolicyResolver(pageRoutesOf(build.routes));
    resolvers.set(build.routes, resolver);
  }
  return resolver;
}

/**
 * Cookies a cacheable page may differ by: they become part of its key, and they are the only cookies
 * its render (the loaders, and the API calls they make) sees. The webview flag changes the root layout
 * of every page, so both cached kinds carry it.
 */
export function keyCookies(policy: Exclude<PageCachePolicy, "personal">): readonly string[] {
  return policy === "city" || policy === "shell" ? [CITY_COOKIE, WEBVIEW_COOKIE] : [WEBVIEW_COOKIE];
}

function parseCookies(header: string): [string, string][] {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq === -1 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
}

/** A cookie value as hono's getCookie reads it: unquoted and percent-decoded. */
function cookieValue(raw: string): string {
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The key cookies in their one spelling, each at most once: `city_id` as the API reads it (the first
 * one, a canonical id) and `webview=1` as the root layout reads it (any `webview=1`). Any other value
 * renders the same page as no cookie at all, so it is dropped: `city_id=<random>` would otherwise make a
 * fresh render and a new cache entry per value (ADR 025).
 */
function canonicalKeyCookies(header: string | null, names: readonly string[]): string[] {
  const pairs = parseCookies(header ?? "");
  const kept: string[] = [];
  if (names.includes(CITY_COOKIE)) {
    const first = pairs.find(([name]) => name === CITY_COOKIE);
    const id = first ? cityIdFromCookie(cookieValue(first[1])) : undefined;
    if (id !== undefined) kept.push(`${CITY_COOKIE}=${id}`);
  }
  if (
    names.includes(WEBVIEW_COOKIE) &&
    pairs.some(([name, value]) => name === WEBVIEW_COOKIE && value === "1")
  ) {
    kept.push(`${WEBVIEW_COOKIE}=1`);
  }
  return kept;
}

/**
 * A Cookie header with only the named key cookies, in their canonical spelling (values the pages do not
 * read are left out), or undefined when none of them is there.
 */
export function onlyCookies(header: string | null, names: readonly string[]): string | undefined {
  const kept = canonicalKeyCookies(header, names);
  return kept.length > 0 ? kept.join("; ") : undefined;
}

/**
 * The page cache key for a request under its route's policy, or undefined when the page must be
 * rendered for this request alone: a personal page, not a GET, an Authorization header, or the
 * `?webview=` switch (its answer sets a cookie). Only the key cookies' canonical values play a part:
 * the render sees nothing else. `url`: the URL the page is rendered by (page-query.ts), the request's
 * own by default, addressed to the public origin (public-origin.ts) — its scheme too, since canonical
 * links and structured data carry it.
 */
export function pageCacheKey(
  request: Request,
  policy: PageCachePolicy,
  url: URL = new URL(request.url),
): string | undefined {
  if (policy === "personal") return undefined;
  // HEAD renders carry no body, so they are never what the cache keeps.
  if (request.method !== "GET") return undefined;
  if (request.headers.has("authorization")) return undefined;
  // Asked of the request as it came: no page declares the switch, so `url` never has it.
  if (new URL(request.url).searchParams.has("webview")) return undefined;
  const varies = canonicalKeyCookies(request.headers.get("cookie"), keyCookies(policy));
  if (WEBVIEW_UA_MARKER.test(request.headers.get("user-agent") ?? "")) varies.push("app");
  return `${policy}|${url.origin}${url.pathname}${url.search}|${varies.sort().join(";")}`;
}

/**
 * The incoming request as a cacheable render sees it: its key's URL (`url`, the request's own by
 * default) and only its policy's key cookies, so the HTML kept can hold nothing the key does not name.
 */
export function requestForCacheableRender(
  request: Request,
  policy: Exclude<PageCachePolicy, "personal">,
  url: URL | string = request.url,
): Request {
  const headers = new Headers(request.headers);
  const cookie = onlyCookies(request.headers.get("cookie"), keyCookies(policy));
  if (cookie === undefined) headers.delete("cookie");
  else headers.set("cookie", cookie);
  return new Request(url, { method: request.method, headers, signal: request.signal });
}

/** A rendered page as the cache keeps it. */
export interface PageSnapshot {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /**
   * Only a plain 200 that sets no cookie and no policy of its own, and whose render read nothing
   * personal and met no server error, is kept.
   */
  storable: boolean;
  /**
   * A kept page's body deflated once, between its nonces (precompressed.ts), with its validator under any
   * nonce: its gzip answers. A kept page holds only these; its `body` is inflated from them when asked for.
   */
  gzip?: (GzipPieces & { etag: string }) | undefined;
  /**
   * The API path whose answer was personal (transport.ts: isPersonalAnswer) during this render, which saw only the key cookies: the page is wrong for anyone, so it is neither
   * kept nor sent, and the request is rendered again with all its cookies.
   */
  personalRead?: string | undefined;
}

const DROPPED_HEADERS = new Set(["date", "content-length", "etag"]);

/**
 * `reads`: what the render's API calls answered (transport.ts). A render that met a server error is
 * not kept either, so a failure is not served from memory after the API has recovered.
 */
export async function snapshotPage(
  response: Response,
  reads: { personalRead?: string | undefined; failedRead?: string | undefined } = {},
): Promise<PageSnapshot> {
  const { personalRead, failedRead } = reads;
  const body = new Uint8Array(await response.arrayBuffer());
  const storable =
    personalRead === undefined &&
    failedRead === undefined &&
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("cache-control");
  const snapshot: PageSnapshot = {
    status: response.status,
    // Iterating Headers yields each Set-Cookie on its own, so an unstorable page keeps all of them.
    headers: [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name)),
    body,
    etag: etagOf(body),
    storable,
    personalRead,
  };
  // A kept page is served many times: gzipped once here, not on every hit (precompressed.ts, ADR 071), and
  // kept as those pieces alone, a third of the HTML's bytes; a client without gzip gets them inflated.
  if (storable) {
    const rendered = nonceOfHeaders(snapshot.headers);
    // Every answer's nonce has the render's length: the stretches may refer back across it.
    const pieces = deflatePieces(partsOf(snapshot), rendered?.length);
    snapshot.gzip = { ...pieces, etag: freshEtagOf(snapshot) };
    Object.defineProperty(snapshot, "body", {
      enumerable: false,
      configurable: true,
      get: () => joinAtNonce(inflatePieces(pieces), rendered),
    });
  }
  return snapshot;
}

/** Cache-Control for a page rendered for one request only. */
export function uncachedPagePolicy(policy: PageCachePolicy, status: number): string {
  if (status !== 200) return CACHE_CONTROL.error;
  return policy === "personal" || policy === "shell" ? CACHE_CONTROL.personal : CACHE_CONTROL.revalidate;
}
