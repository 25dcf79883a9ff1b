/**
 * What the server hands to React Router loaders. `apiFetch` is the API transport: the Hono app's own
 * `fetch` in-process (no TCP) or HTTP to `API_ORIGIN`; the shopper's cookies are already attached.
 */
export type SsrLoadContext = {
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
  requestId: string;
  /** This render's Content-Security-Policy nonce (server/http/csp.ts); every inline script carries it. */
  cspNonce?: string;
};
