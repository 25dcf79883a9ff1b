/**
 * The `redirectTo` rule (issue 11, point 4): where a shopper is sent after signing in, importing their
 * identity or choosing a city is a path on this site, never anywhere else. No zod here: the browser uses
 * it as well as the server.
 */

/** Where a refused or missing value sends the shopper. */
export const DEFAULT_REDIRECT_PATH = "/";

/** Longest value taken; the API body allows the same (real paths with their query are far shorter). */
export const MAX_REDIRECT_LENGTH = 2048;

/** Any origin we own would do: it only lets URL resolve a relative path, and is never shown. */
const PROBE_ORIGIN = "http://vitrina.invalid";

/**
 * `value` as a path on this site with its query and hash, or `/`. Refused: anything not starting with a
 * single `/`, protocol-relative `//host`, backslashes anywhere (browsers read `\` as `/`, so `/\host` is
 * `//host`), control characters (browsers drop tabs and newlines, turning `/\t/host` into `//host`),
 * absolute URLs and schemes such as `javascript:`, and values past MAX_REDIRECT_LENGTH. The path is
 * re-checked after URL normalisation, which folds `/.//host` into `//host`, and once more percent-decoded:
 * `/%2F%2Fhost`, `/%5Chost` or `/%09/host` is a harmless path to a browser, but `//host` to anything on
 * the way (a proxy, a later hop) that decodes the path before it redirects.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return DEFAULT_REDIRECT_PATH;
  if (!value.startsWith("/") || value.startsWith("//")) return DEFAULT_REDIRECT_PATH;
  if (value.includes("\\") || /\p{Cc}/u.test(value)) return DEFAULT_REDIRECT_PATH;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_REDIRECT_PATH;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return DEFAULT_REDIRECT_PATH;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return DEFAULT_REDIRECT_PATH;
  }
  if (decoded.includes("\\") || /\p{Cc}/u.test(decoded)) return DEFAULT_REDIRECT_PATH;
  // Decoded and normalised again (`/%2E%2E%2F%2Fhost` is `/..//host`, then `//host`).
  const again = new URL(decoded, PROBE_ORIGIN);
  if (again.origin !== PROBE_ORIGIN || again.pathname.startsWith("//")) return DEFAULT_REDIRECT_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether `value` passes the rule as it stands (for validating input rather than falling back). */
export function isSafeRedirectPath(value: unknown): boolean {
  return value === DEFAULT_REDIRECT_PATH || safeRedirectPath(value) !== DEFAULT_REDIRECT_PATH;
}
