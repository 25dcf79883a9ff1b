import type { Context } from "hono";
import type { AppConfig } from "#server/config.ts";
import { inProcessCall } from "./in-process-call.ts";
import { trustsForwarded } from "./proxy-trust.ts";

/**
 * The origin the shopper's browser sees (ADR 026): the one source for absolute URLs (canonical links,
 * structured data, sitemap, robots), the API's Origin check, HSTS and the cookies' Secure flag.
 *
 * 1. `PUBLIC_ORIGIN` when set: behind a proxy the request URL is the internal one, and a fixed origin
 *    cannot be steered by any header.
 * 2. From a trusted proxy (`TRUST_PROXY`, proxy-trust.ts), its `X-Forwarded-Proto` and `X-Forwarded-Host`
 *    (the first value of each, the one the client-facing proxy wrote) over the request URL's.
 * 3. Else the request URL: the Host header, over http unless the socket itself is TLS. Forwarded headers
 *    are ignored: anyone could send them to a server that is not behind a proxy.
 *
 * `trustProxy` here is whether this request came from a trusted proxy, not the setting.
 */
export type OriginSettings = Pick<AppConfig, "publicOrigin"> & { trustProxy: boolean };

/** host[:port], a name or an IPv4 or bracketed IPv6 address: nothing that could smuggle a path in. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value ? value : undefined;
}

/** The public origin of a request, by the rules above. */
export function publicOriginOf(request: Request, settings: OriginSettings): string {
  if (settings.publicOrigin) return new URL(settings.publicOrigin).origin;
  const url = new URL(request.url);
  if (!settings.trustProxy) return url.origin;
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const host = firstValue(request.headers.get("x-forwarded-host"));
  const scheme = proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1);
  const authority = host && HOST.test(host) ? host.toLowerCase() : url.host;
  // URL drops a scheme's default port (https://shop:443 is https://shop).
  return new URL(`${scheme}://${authority}`).origin;
}

/**
 * The same request addressed to `origin`: what React Router renders, so loaders building absolute URLs
 * from `request.url` and its own action origin check see the public origin.
 */
export function withOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  return new Request(new URL(`${url.pathname}${url.search}`, origin), request);
}

/**
 * The public origin of the request a handler is answering. An in-process API call made while a page
 * renders answers for that page's request, whose origin the page passed along (in-process-call.ts). A
 * router mounted without the app's configuration (a test's) trusts no proxy.
 */
export function requestOrigin(c: Context): string {
  const inProcess = inProcessCall(c)?.origin;
  if (inProcess) return inProcess;
  const config = c.get("config") as AppConfig | undefined;
  return publicOriginOf(c.req.raw, {
    publicOrigin: config?.publicOrigin,
    trustProxy: !!config && trustsForwarded(c, config.trustProxy),
  });
}

/** Whether the browser reached us over HTTPS: TLS here, or at a trusted proxy, or a https PUBLIC_ORIGIN. */
export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || new URL(requestOrigin(c)).protocol === "https:";
}
