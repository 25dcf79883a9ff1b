import type { SsrLoadContext } from "#contract/ssr.ts";

type Fetch = (request: Request) => Response | Promise<Response>;

/** Headers of the shopper's request that the API must see when a loader calls it on their behalf. */
const FORWARDED = ["cookie", "accept-language", "user-agent", "x-forwarded-for"];

/**
 * Builds the loaders' API transport for one incoming request: in-process through `appFetch` when the
 * API lives in this process, or over HTTP to `apiOrigin` when the web tier is deployed apart.
 */
export function createApiTransport(
  incoming: Request,
  requestId: string,
  target: { appFetch: Fetch } | { apiOrigin: string },
): SsrLoadContext["apiFetch"] {
  return async (path, init = {}) => {
    const headers = new Headers(init.headers);
    for (const name of FORWARDED) {
      const value = incoming.headers.get(name);
      if (value !== null && !headers.has(name)) headers.set(name, value);
    }
    headers.set("x-request-id", requestId);
    if ("apiOrigin" in target) return fetch(new URL(path, target.apiOrigin), { ...init, headers });
    return target.appFetch(new Request(new URL(path, "http://in-process.local"), { ...init, headers }));
  };
}
