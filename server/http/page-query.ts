/**
 * The query string a cached page is keyed and rendered by (ADR 025): the parameters its route declares
 * it reads, in a canonical order and encoding. Anything else — an advertiser's click id, `?x=random` —
 * would otherwise make a fresh render and a new cache entry per value while changing nothing on the
 * page. It is dropped rather than redirected away: the browser keeps the URL it asked for, so analytics
 * in the page still sees the campaign's utm parameters, and the landing costs no extra round trip.
 */

/** Parameters that tell analytics where a visitor came from; never part of a page, whatever it declares. */
const TRACKING = new Set([
  "yclid",
  "ysclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "_openstat",
  "_ym_debug",
  "mc_cid",
  "mc_eid",
  "roistat",
]);

export function isTrackingParam(name: string): boolean {
  return name.startsWith("utm_") || TRACKING.has(name);
}

/**
 * React Router's own parameters on its protocol's requests: a data request's `_routes` (which loaders
 * to run) and the route manifest's `paths` and `version`. They reach the same handler as pages do.
 */
function routerReads(pathname: string, name: string): boolean {
  if (pathname.endsWith(".data")) return name === "_routes";
  if (pathname === "/__manifest") return name === "paths" || name === "version";
  return false;
}

/**
 * A page number as every page reading `page` takes it (`searchParams.get("page")`, then `parseInt` or
 * `Number`, anything below 1 read as 1): digits alone are that number, so `01` is spelled `1`; a value
 * with no digit at all (`?page=junk`) or only zeros is page 1, the same as none, and is dropped.
 * Anything else (`2abc`, `1e3`) the pages read differently from one another: `null`, kept out of the
 * cache (the page is rendered for that request only).
 */
function canonicalPage(value: string): string | undefined | null {
  if (/^\d+$/.test(value)) {
    const digits = value.replace(/^0+/, "");
    return digits === "" ? undefined : digits;
  }
  if (!/\d/.test(value) && !value.includes("Infinity")) return undefined;
  return null;
}

export interface PageUrl {
  /** The URL a cached page is keyed and rendered by: the parameters the page reads, sorted by name. */
  url: URL;
  /** The parameters left out, as they came. */
  dropped: URLSearchParams;
  /**
   * False when a parameter the page reads is spelled in a way with no one canonical form (see
   * canonicalPage): such a request is rendered for itself, never kept, so it cannot add cache entries.
   */
  canonical: boolean;
}

/** `reads`: the page route's declaration (contract/page-cache.ts: pageQueryOf). */
export function pageUrl(requestUrl: string, reads: (name: string) => boolean): PageUrl {
  const url = new URL(requestUrl);
  const dropped = new URLSearchParams();
  if (!url.search) return { url, dropped, canonical: true };
  const kept = new URLSearchParams();
  let canonical = true;
  let seenPage = false;
  for (const [name, value] of url.searchParams) {
    if (isTrackingParam(name) || !(reads(name) || routerReads(url.pathname, name))) {
      dropped.append(name, value);
      continue;
    }
    if (name !== "page") {
      kept.append(name, value);
      continue;
    }
    // Only the first `page` is read: a repeated one is dropped.
    const page = seenPage ? undefined : canonicalPage(value);
    seenPage = true;
    if (page === null) canonical = false;
    if (typeof page === "string") kept.append(name, page);
    else dropped.append(name, value);
  }
  // A stable sort: the values of one name keep their order (a listing joins them into one filter).
  kept.sort();
  url.search = kept.toString();
  return { url, dropped, canonical };
}

/**
 * A redirect a render answered for the reduced URL (an old path's rule, a category's canonical slug)
 * gets the dropped parameters back, as it would have carried them before: a campaign's utm parameters
 * must survive the hop to the page that reports them. Other responses are returned as they are.
 */
export function withDroppedQuery(response: Response, dropped: URLSearchParams): Response {
  if (dropped.size === 0 || response.status < 300 || response.status >= 400) return response;
  const location = response.headers.get("location");
  // Same-site paths only: an external target was never given our query string.
  if (!location?.startsWith("/") || location.startsWith("//")) return response;
  const target = new URL(location, "http://same.site");
  for (const [name, value] of dropped) target.searchParams.append(name, value);
  const headers = new Headers(response.headers);
  headers.set("location", `${target.pathname}${target.search}${target.hash}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
