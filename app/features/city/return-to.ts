import { DEFAULT_REDIRECT_PATH, safeRedirectPath } from "#contract/redirect-to.ts";

export const SELECT_CITY_PATH = "/select-city";
export const DEFAULT_RETURN_TO = DEFAULT_REDIRECT_PATH;

function isSelectCity(pathname: string): boolean {
  return pathname === SELECT_CITY_PATH || pathname.startsWith(`${SELECT_CITY_PATH}/`);
}

/** Where to go after choosing a city: a path on this site by the shared redirectTo rule, or `/`. */
export function safeReturnTo(value: string | null | undefined): string {
  const path = safeRedirectPath(value);
  // Coming back to the city page after choosing a city would look like nothing happened.
  if (isSelectCity(path.split(/[?#]/, 1)[0]!)) return DEFAULT_RETURN_TO;
  return path;
}

/** The city page's address from wherever the shopper is, so choosing a city brings them back there. */
export function selectCityHref(location: { pathname: string; search: string }): string {
  if (isSelectCity(location.pathname)) return `${location.pathname}${location.search}`;
  const here = `${location.pathname}${location.search}`;
  if (here === DEFAULT_RETURN_TO) return SELECT_CITY_PATH;
  return `${SELECT_CITY_PATH}?${new URLSearchParams({ returnTo: here })}`;
}
