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
  /** This render's Content-Security-Policy nonce (server/http/csp.ts); every inline script carries it. */
  cspNonce?: string;
  /**
   * Logs an error met while rendering (a loader's, or React's) as one JSON line with the request id
   * (app/entry.server.tsx); absent, it goes to the console.
   */
  logError?: (error: unknown) => void;
};
