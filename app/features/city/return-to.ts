export const SELECT_CITY_PATH = "/select-city";
export const DEFAULT_RETURN_TO = "/";

/** Any origin we own would do: it only lets URL resolve a relative path, and is never shown. */
const PROBE_ORIGIN = "http://vitrina.invalid";

function isSelectCity(pathname: string): boolean {
  return pathname === SELECT_CITY_PATH || pathname.startsWith(`${SELECT_CITY_PATH}/`);
}

/**
 * Where to go after choosing a city: a path on this site, or `/`. Anything that could leave the site is
 * refused: other origins, protocol-relative `//host`, `/\host` (browsers read `\` as `/`), schemes such
 * as `javascript:`, and control characters (browsers drop tabs and newlines, turning `/\t/host` into
 * `//host`). The path is re-checked after URL normalisation, which folds `/.//host` into `//host`.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return DEFAULT_RETURN_TO;
  if (value.includes("\\") || /\p{Cc}/u.test(value)) return DEFAULT_RETURN_TO;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return DEFAULT_RETURN_TO;
  // Coming back to the city page after choosing a city would look like nothing happened.
  if (isSelectCity(url.pathname)) return DEFAULT_RETURN_TO;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The city page's address from wherever the shopper is, so choosing a city brings them back there. */
export function selectCityHref(location: { pathname: string; search: string }): string {
  if (isSelectCity(location.pathname)) return `${location.pathname}${location.search}`;
  const here = `${location.pathname}${location.search}`;
  if (here === DEFAULT_RETURN_TO) return SELECT_CITY_PATH;
  return `${SELECT_CITY_PATH}?${new URLSearchParams({ returnTo: here })}`;
}
