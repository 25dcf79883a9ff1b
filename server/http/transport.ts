import type { SsrLoadContext } from "#contract/ssr.ts";
import { onlyCookies } from "./page-cache.ts";

type Fetch = (request: Request) => Response | Promise<Response>;

/** Headers of the shopper's request that the API must see when a loader calls it on their behalf. */
const FORWARDED = ["accept-language", "user-agent", "x-forwarded-for"];

/** The loaders' API transport for one render, and what the API answered during it. */
export interface ApiTransport {
  apiFetch: SsrLoadContext["apiFetch"];
  /**
   * Every Set-Cookie the API answered with during the render, in order: the page response carries them
   * to the browser (a session the API rotates while a page renders must reach it).
   */
  readonly setCookies: readonly string[];
  /** The first API path whose answer was personal (see isPersonalAnswer); undefined when none was. */
  readonly personalRead: string | undefined;
  /** The first API path that answered with a server error (5xx); undefined when none did. */
  readonly failedRead: string | undefined;
}

export interface TransportOptions {
  /**
   * Cookies the API may see. Absent: all of the shopper's cookies (a page rendered for them alone).
   * A cacheable page's render passes its key cookies only, so no answer can depend on anything else.
   */
  cookies?: readonly string[];
}

/**
 * Whether an API answer was made for one visitor (ADR 020): it sets a cookie; it is a 401 or 403 (the
 * API asked who is asking); or it is a success with a body whose Cache-Control is missing, `no-store`,
 * or `private` without `no-cache`. A `private, no-cache` answer is the API's `city` policy: it varies by
 * cookie, and a cacheable render sent it only the page's key cookies. Answers without a body (204) and
 * other errors (400, 404, 5xx) carry nobody's data, whatever their Cache-Control.
 */
export function isPersonalAnswer(response: Response): boolean {
  if (response.headers.has("set-cookie")) return true;
  if (response.status === 401 || response.status === 403) return true;
  if (response.status < 200 || response.status >= 300 || response.status === 204) return false;
  const header = response.headers.get("cache-control");
  if (!header) return true;
  const directives = new Set(header.split(",").map((d) => d.trim().split("=")[0]?.toLowerCase()));
  if (directives.has("no-store")) return true;
  return directives.has("private") && !directives.has("no-cache");
}

/** Whether an answer is a server-side failure: a page rendered around it is not kept. */
export function isFailedAnswer(response: Response): boolean {
  return response.status >= 500;
}

/**
 * Builds the loaders' API transport for one render: in-process through `appFetch` when the API lives in
 * this process, or over HTTP to `apiOrigin` when the web tier is deployed apart. Either way it records
 * the API's Set-Cookie headers and whether any answer was personal.
 */
export function createApiTransport(
  incoming: Request,
  requestId: string,
  target: { appFetch: Fetch } | { apiOrigin: string },
  options: TransportOptions = {},
): ApiTransport {
  const setCookies: string[] = [];
  let personalRead: string | undefined;
  let failedRead: string | undefined;
  const cookie =
    options.cookies === undefined
      ? (incoming.headers.get("cookie") ?? undefined)
      : onlyCookies(incoming.headers.get("cookie"), options.cookies);

  const apiFetch: SsrLoadContext["apiFetch"] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    for (const name of FORWARDED) {
      const value = incoming.headers.get(name);
      if (value !== null && !headers.has(name)) headers.set(name, value);
    }
    // A loader cannot add cookies of its own: what the API sees is what the page's policy allows.
    headers.delete("cookie");
    if (cookie !== undefined) headers.set("cookie", cookie);
    headers.set("x-request-id", requestId);
    const response =
      "apiOrigin" in target
        ? await fetch(new URL(path, target.apiOrigin), { ...init, headers })
        : await target.appFetch(new Request(new URL(path, "http://in-process.local"), { ...init, headers }));
    setCookies.push(...response.headers.getSetCookie());
    const apiPath = () => new URL(path, "http://in-process.local").pathname;
    if (personalRead === undefined && isPersonalAnswer(response)) personalRead = apiPath();
    if (failedRead === undefined && isFailedAnswer(response)) failedRead = apiPath();
    return response;
  };

  return {
    apiFetch,
    get setCookies() {
      return setCookies;
    },
    get personalRead() {
      return personalRead;
    },
    get failedRead() {
      return failedRead;
    },
  };
}
