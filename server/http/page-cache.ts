import { WEBVIEW_COOKIE, WEBVIEW_UA_MARKER } from "#contract/webview.ts";
import { CITY_COOKIE } from "#server/api/address/schemas.ts";
import { CACHE_CONTROL, etagOf } from "./http-cache.ts";

/**
 * Which rendered pages the process keeps (ADR 012): anonymous catalogue pages, identical for every
 * visitor of one city. Personal pages (account, basket, checkout, sign-in, the search screen with its
 * recent queries) are never kept.
 */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/catalog(?:\/.*)?$/,
  /^\/catalog-menu\/[^/]+$/,
  /^\/product\/\d+(?:\/photos)?$/,
  /^\/brand\/.+$/,
  /^\/seller\/.+$/,
  /^\/search(?:\/.*)?$/,
  /^\/page\/.+$/,
  /^\/promotion\/.+$/,
];

const PERSONAL_PATHS = [
  /^\/personal(?:\/|$)/,
  /^\/basket$/,
  /^\/checkout\//,
  /^\/auth(?:\/|$)/,
  /^\/confirm\//,
  /^\/search-form$/,
  /^\/select-city$/,
];

/** Cookies a page differs by: they become part of the key. */
const KEY_COOKIES = [CITY_COOKIE, WEBVIEW_COOKIE];
/** Cookies cacheable pages never read on the server (visitor id, the client-side modal flag, analytics). */
const NEUTRAL_COOKIE = /^(?:vid|disableShowModalCookie|_ym.*)$/;

/** The document path for a React Router data request: `/product/5.data` → `/product/5`, `/_root.data` → `/`. */
function documentPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

export function isPersonalPage(pathname: string): boolean {
  const path = documentPath(pathname);
  return PERSONAL_PATHS.some((re) => re.test(path));
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

/**
 * The page cache key for a request, or undefined when its page must be rendered for it alone: not a
 * read, not a catalogue page, signed in, or carrying any cookie the cache does not know to be safe.
 */
export function pageCacheKey(request: Request): string | undefined {
  // HEAD renders carry no body, so they are never what the cache keeps.
  if (request.method !== "GET") return undefined;
  if (request.headers.has("authorization")) return undefined;
  const url = new URL(request.url);
  if (url.searchParams.has("webview")) return undefined;
  const path = documentPath(url.pathname);
  if (!CACHEABLE_PATHS.some((re) => re.test(path))) return undefined;
  const varies: string[] = [];
  for (const [name, value] of parseCookies(request.headers.get("cookie") ?? "")) {
    if (KEY_COOKIES.includes(name)) varies.push(`${name}=${value}`);
    else if (!NEUTRAL_COOKIE.test(name)) return undefined;
  }
  if (WEBVIEW_UA_MARKER.test(request.headers.get("user-agent") ?? "")) varies.push("app");
  return `${url.host}${url.pathname}${url.search}|${varies.sort().join(";")}`;
}

/** A rendered page as the cache keeps it. */
export interface PageSnapshot {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Only a plain 200 that sets no cookie and no policy of its own is kept. */
  storable: boolean;
}

const DROPPED_HEADERS = new Set(["date", "content-length", "etag"]);

export async function snapshotPage(response: Response): Promise<PageSnapshot> {
  const body = new Uint8Array(await response.arrayBuffer());
  const storable =
    response.status === 200 && !response.headers.has("set-cookie") && !response.headers.has("cache-control");
  return {
    status: response.status,
    // Iterating Headers yields each Set-Cookie on its own, so an unstorable page keeps all of them.
    headers: [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name)),
    body,
    etag: etagOf(body),
    storable,
  };
}

/** Cache-Control for a page rendered for one request only. */
export function uncachedPagePolicy(pathname: string, status: number): string {
  if (status !== 200) return CACHE_CONTROL.error;
  return isPersonalPage(pathname) ? CACHE_CONTROL.personal : CACHE_CONTROL.revalidate;
}
