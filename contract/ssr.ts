import type { PublicConfig } from "./config.ts";

/**
 * What the server hands to React Router loaders. `apiFetch` is the API transport: the Hono app's own
 * `fetch` in-process (no TCP) or HTTP to `API_ORIGIN`. The cookies it sends are the ones the page's
 * cache policy allows (ADR 020): all of the shopper's on a personal page, only the key cookies (city,
 * webview) on a page that is kept for everyone; a loader cannot add its own. Cookies the API sets go
 * out with the page.
 */
export type SsrLoadContext = {
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
  requestId: string;
  /**
   * The render is kept and served to everyone its cache key names (a `shared`, `city` or `shell` page):
   * it sees no shopper's cookies, and a `shell` page's loaders read nothing personal — the browser fetches
   * the shopper's data after hydration (ADR 072). Absent: rendered for this request alone.
   */
  forEveryone?: boolean;
  /** This render's Content-Security-Policy nonce (server/http/csp.ts); every inline script carries it. */
  cspNonce?: string;
  /**
   * Logs an error met while rendering (a loader's, or React's) as one JSON line with the request id
   * (app/entry.server.tsx); absent, it goes to the console.
   */
  logError?: (error: unknown) => void;
  /**
   * The shop's public config, as `GET /api/config` answers it, when the API runs in this process: it is
   * the process's own settings, so loaders take it from here instead of an API call each render (issue
   * 23: a third of a personal part's calls). Absent (the web tier deployed apart): ask the API.
   */
  config?: PublicConfig;
};

/**
 * A shell's personal part rendered for one request (ADR 074): its HTML, which takes the place of the
 * frame's marker; the data its components read (a dehydrated TanStack Query state), which the browser
 * hydrates them with; and `values`, what else it was rendered with that the page would take from its
 * loader (the page's title), so the browser's first render is the server's even when the kept frame's
 * loader read them earlier. Undefined: the part has nothing to show this way (an empty basket, a refused
 * read), and the page is rendered whole for the request.
 */
export type PersonalPart = { html: string; state: unknown; values: Record<string, string> };

export type PersonalPartRenderer = (
  name: string,
  context: Pick<SsrLoadContext, "apiFetch" | "requestId" | "logError" | "config"> & { url: string },
) => Promise<PersonalPart | undefined>;
