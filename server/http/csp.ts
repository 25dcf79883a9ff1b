import { randomBytes } from "node:crypto";
import { etagOf } from "./http-cache.ts";
import { type GzipPieces, gzipJoined } from "./precompressed.ts";

/**
 * Page security headers (ADR 021): a Content-Security-Policy with a nonce per response, and the
 * per-response nonce swap that lets one cached page be served under many nonces.
 */

/** Hosts added to the policy on top of the storefront's own origin, by directive (from config). */
export interface CspSources {
  /** Scripts: only browsers without CSP3 'strict-dynamic' read host lists here (see ADR 021). */
  scriptSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
  frameSrc: string[];
  formAction: string[];
}

export interface CspSettings extends CspSources {
  /** Send Content-Security-Policy-Report-Only instead: violations are reported, nothing is blocked. */
  reportOnly: boolean;
  /** `npm run dev`: Vite's HMR socket is allowed (see pagePolicy). */
  development: boolean;
  /** Where browsers POST violation reports; undefined sends none. */
  reportPath: string | undefined;
}

/**
 * The Yandex Metrika counter's addresses (its "install the counter on a site with CSP" page): the tag from
 * mc.yandex.ru, its modules from yastatic.net, hits and Webvisor over HTTPS and WebSocket, the pixel, and
 * the frames Webvisor and the click map use. Added only when a counter id (YM_ID) is configured.
 */
export const METRIKA_SOURCES: CspSources = {
  scriptSrc: ["https://mc.yandex.ru", "https://yastatic.net"],
  connectSrc: [
    "https://mc.yandex.ru",
    "https://mc.yandex.com",
    "wss://mc.yandex.ru",
    "wss://mc.yandex.com",
    "https://mc.webvisor.com",
    "https://mc.webvisor.org",
  ],
  imgSrc: ["https://mc.yandex.ru", "https://mc.yandex.com"],
  frameSrc: ["blob:", "https://mc.yandex.ru", "https://mc.yandex.com"],
  formAction: [],
};

/**
 * Yandex Maps JS API v3 (the pickup map, ADR 039): the loader and its modules, the API's own calls, and
 * the tiles and icons. Added only when YANDEX_MAPS_API_KEY is set: without a key the map is Leaflet, served
 * from our origin, and the policy stays as tight as before.
 */
export const YANDEX_MAPS_SOURCES: CspSources = {
  scriptSrc: ["https://api-maps.yandex.ru", "https://yastatic.net"],
  connectSrc: ["https://api-maps.yandex.ru", "https://*.maps.yandex.net"],
  imgSrc: ["https://api-maps.yandex.ru", "https://*.maps.yandex.net", "https://yastatic.net"],
  frameSrc: [],
  formAction: [],
};

/** A fresh nonce: 128 random bits, base64url (a valid CSP base64-value). */
export function createNonce(): string {
  return randomBytes(16).toString("base64url");
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export function settingsWithMetrika(settings: CspSettings): CspSettings {
  return {
    ...settings,
    scriptSrc: unique([...settings.scriptSrc, ...METRIKA_SOURCES.scriptSrc]),
    connectSrc: unique([...settings.connectSrc, ...METRIKA_SOURCES.connectSrc]),
    imgSrc: unique([...settings.imgSrc, ...METRIKA_SOURCES.imgSrc]),
    frameSrc: unique([...settings.frameSrc, ...METRIKA_SOURCES.frameSrc]),
  };
}

/**
 * The page policy for one response. Scripts run only with this response's nonce; with 'strict-dynamic'
 * (CSP3) a nonced script may add further scripts (React Router's lazy route chunks, the Metrika tag, a
 * map or an acquirer widget later) and host lists are ignored, so they serve older browsers only.
 * Style elements need the nonce too; style attributes are allowed because React renders `style={{…}}`
 * props into the server HTML, and the browser would otherwise drop them before hydration.
 */
export function pagePolicy(settings: CspSettings, nonce: string): { name: string; value: string } {
  const self = "'self'";
  const nonceSource = `'nonce-${nonce}'`;
  const directives: [string, ...string[]][] = [
    ["default-src", self],
    ["script-src", nonceSource, "'strict-dynamic'", self, ...settings.scriptSrc],
    // Browsers that know style-src-elem/-attr read those; older ones fall back to style-src.
    ["style-src", self, "'unsafe-inline'"],
    ["style-src-elem", self, nonceSource],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", self, "data:", "blob:", ...settings.imgSrc],
    ["font-src", self, "data:"],
    // Vite's HMR client talks over a WebSocket to the dev server (same host, another scheme).
    ["connect-src", self, ...(settings.development ? ["ws:", "wss:"] : []), ...settings.connectSrc],
    ["frame-src", self, ...settings.frameSrc],
    ["worker-src", self, "blob:"],
    ["manifest-src", self],
    ["media-src", self],
    ["object-src", "'none'"],
    ["base-uri", self],
    ["form-action", self, ...settings.formAction],
    // The mobile app's webview is a top-level browsing context, not a frame: this does not affect it.
    ["frame-ancestors", "'none'"],
  ];
  if (settings.reportPath) {
    directives.push(["report-uri", settings.reportPath], ["report-to", CSP_REPORT_GROUP]);
  }
  return {
    name: settings.reportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy",
    value: directives.map((parts) => parts.join(" ")).join("; "),
  };
}

/** Where violation reports go (cspReportRoute). */
export const CSP_REPORT_PATH = "/csp-report";

/** The map's sources: Yandex Maps' with a key, else the tile server's origin when MAP_TILES_URL is set. */
export function settingsWithMap(
  settings: CspSettings,
  map: { yandexApiKey: string | undefined; tilesUrl: string | undefined },
): CspSettings {
  if (map.yandexApiKey) {
    return {
      ...settings,
      scriptSrc: unique([...settings.scriptSrc, ...YANDEX_MAPS_SOURCES.scriptSrc]),
      connectSrc: unique([...settings.connectSrc, ...YANDEX_MAPS_SOURCES.connectSrc]),
      imgSrc: unique([...settings.imgSrc, ...YANDEX_MAPS_SOURCES.imgSrc]),
    };
  }
  if (map.tilesUrl) {
    // The template's origin: `https://{s}.tile.example/{z}/{x}/{y}.png` → `https://*.tile.example`.
    const origin = /^(https?:\/\/[^/]+)/i.exec(map.tilesUrl.replaceAll("{s}", "*"))?.[1];
    if (origin) return { ...settings, imgSrc: unique([...settings.imgSrc, origin]) };
  }
  return settings;
}

/**
 * The policy settings for this process: configured hosts, Metrika's when a counter is set, the map's when
 * one is configured, dev mode.
 */
export function cspSettings(config: {
  env: string;
  ymId: string | undefined;
  map?: { yandexApiKey: string | undefined; tilesUrl: string | undefined };
  csp: CspSources & { reportOnly: boolean };
}): CspSettings {
  let settings: CspSettings = {
    ...config.csp,
    development: config.env === "development",
    reportPath: CSP_REPORT_PATH,
  };
  if (config.ymId) settings = settingsWithMetrika(settings);
  if (config.map) settings = settingsWithMap(settings, config.map);
  return settings;
}

/**
 * Puts this response's policy on a rendered HTML page (React Router's document responses); data
 * responses (`.data`, redirects without a body) run no scripts and get none.
 */
export function securePage(response: Response, settings: CspSettings, nonce: string): Response {
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const policy = pagePolicy(settings, nonce);
  response.headers.set(policy.name, policy.value);
  response.headers.set("Permissions-Policy", PERMISSIONS_POLICY_HEADER);
  if (settings.reportPath)
    response.headers.set("Reporting-Endpoints", reportingEndpoints(settings.reportPath));
  return response;
}

/** The Reporting API group name the policy's `report-to` refers to (see reportingEndpoints). */
export const CSP_REPORT_GROUP = "csp";

/** `Reporting-Endpoints` for the `report-to` directive. */
export function reportingEndpoints(reportPath: string): string {
  return `${CSP_REPORT_GROUP}="${reportPath}"`;
}

/**
 * Permissions-Policy: everything powerful is off except geolocation for our own pages ("find me" on
 * the pickup-point map later). Payment stays off: the acquirer's card page is a redirect, not the
 * Payment Request API.
 */
export const PERMISSIONS_POLICY = {
  accelerometer: [],
  autoplay: [],
  camera: [],
  displayCapture: [],
  fullscreen: ["self"],
  geolocation: ["self"],
  gyroscope: [],
  hid: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  publickeyCredentialsGet: [],
  screenWakeLock: [],
  serial: [],
  usb: [],
  xrSpatialTracking: [],
} satisfies Record<string, string[]>;

/**
 * The Permissions-Policy header value, e.g. `camera=(), geolocation=(self)`. Sent with pages only: it
 * governs documents, and on each of a page's ~15 asset and API answers it would only add ~400 bytes.
 */
export const PERMISSIONS_POLICY_HEADER = Object.entries(PERMISSIONS_POLICY)
  .map(
    ([feature, allow]) => `${feature.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=(${allow.join(" ")})`,
  )
  .join(", ");

const CSP_HEADERS = new Set(["content-security-policy", "content-security-policy-report-only"]);
const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/_-]+={0,2})'/;

/** The nonce a response was rendered with, read from its own policy header. */
export function nonceOfHeaders(headers: Iterable<[string, string]>): string | undefined {
  for (const [name, value] of headers) {
    if (CSP_HEADERS.has(name.toLowerCase())) return NONCE_IN_POLICY.exec(value)?.[1];
  }
  return undefined;
}

/** A rendered page as kept by the page cache (the parts of PageSnapshot this module needs). */
export interface RenderedPage {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface NonceTemplate {
  nonce: string;
  /** The body cut at every occurrence of the nonce it was rendered with. */
  parts: Uint8Array<ArrayBuffer>[];
  /** A validator over the body without its nonce: equal pages answer the same ETag under any nonce. */
  etag: string;
}

// One template per kept body, built on its first response; dropped with the snapshot.
const templates = new WeakMap<Uint8Array, NonceTemplate>();

function splitAtNonce(body: Uint8Array<ArrayBuffer>, nonce: string): Uint8Array<ArrayBuffer>[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const needle = Buffer.from(nonce, "latin1");
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let start = 0;
  for (let at = bytes.indexOf(needle, start); at !== -1; at = bytes.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

function templateOf(body: Uint8Array<ArrayBuffer>, nonce: string): NonceTemplate {
  const known = templates.get(body);
  if (known?.nonce === nonce) return known;
  const parts = splitAtNonce(body, nonce);
  const template = { nonce, parts, etag: etagOf(join(parts, new Uint8Array(0))) };
  templates.set(body, template);
  return template;
}

function join(parts: Uint8Array<ArrayBuffer>[], separator: Uint8Array): Uint8Array<ArrayBuffer> {
  let length = separator.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      out.set(separator, at);
      at += separator.length;
    }
    out.set(part, at);
    at += part.length;
  });
  return out;
}

/**
 * The body's stretches between the nonces it was rendered with (the whole body when it has no policy):
 * what a gzip of the page is deflated from once (precompressed.ts).
 */
export function partsOf(page: RenderedPage): Uint8Array<ArrayBuffer>[] {
  const rendered = nonceOfHeaders(page.headers);
  return rendered ? templateOf(page.body, rendered).parts : [page.body];
}

/** The page's validator under any nonce (what `withFreshNonce` answers), read while its body is at hand. */
export function freshEtagOf(page: RenderedPage): string {
  const rendered = nonceOfHeaders(page.headers);
  return rendered ? templateOf(page.body, rendered).etag : page.etag;
}

/** The page's headers with `nonce` in its policy where the render had its own. */
export function freshNonceHeaders(headers: [string, string][], nonce: string): [string, string][] {
  const rendered = nonceOfHeaders(headers);
  if (!rendered) return headers;
  return headers.map(([name, value]): [string, string] =>
    CSP_HEADERS.has(name.toLowerCase())
      ? [name, value.replaceAll(`'nonce-${rendered}'`, `'nonce-${nonce}'`)]
      : [name, value],
  );
}

/** The gzip of a kept page under a fresh nonce, from its pieces deflated once (precompressed.ts). */
export function gzipWithFreshNonce(pieces: GzipPieces, nonce: string): Uint8Array<ArrayBuffer> {
  return gzipJoined(pieces, Buffer.from(nonce, "latin1"));
}

/** The body again from its stretches and the nonce they were cut at (a kept page keeps only its pieces). */
export function joinAtNonce(
  parts: Uint8Array<ArrayBuffer>[],
  nonce: string | undefined,
): Uint8Array<ArrayBuffer> {
  return join(parts, Buffer.from(nonce ?? "", "latin1"));
}

/**
 * The same page under a fresh nonce: every place the render wrote its own nonce (script and link
 * attributes, the policy header) now carries `nonce`, and the ETag no longer depends on either.
 *
 * Only the exact random nonce of the render is replaced, found in the bytes after rendering: text a
 * shopper or seller wrote cannot contain it, so no injected markup is ever blessed with a nonce (a fixed
 * placeholder token would be). A page without a policy (a `.data` response) is returned as it is.
 */
export function withFreshNonce<T extends RenderedPage>(page: T, nonce: string): T {
  const rendered = nonceOfHeaders(page.headers);
  if (!rendered) return page;
  const template = templateOf(page.body, rendered);
  const headers = freshNonceHeaders(page.headers, nonce);
  const body = nonce === rendered ? page.body : join(template.parts, Buffer.from(nonce, "latin1"));
  return { ...page, headers, body, etag: template.etag };
}
