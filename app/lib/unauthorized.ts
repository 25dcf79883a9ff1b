/**
 * Spec section 8: a 401 on any request outside the auth routes sends the browser to /auth with
 * `redirectTo` holding the full current path (with its query and hash), by a full page load. Public pages'
 * personal decoration uses the background client instead (api-client.ts), whose 401 sends nobody away.
 */
export function signInLocation(current: {
  pathname: string;
  search: string;
  hash: string;
}): string | undefined {
  const { pathname, search, hash } = current;
  if (pathname === "/auth" || pathname.startsWith("/auth/") || pathname === "/confirm/auth") return undefined;
  return `/auth?redirectTo=${encodeURIComponent(`${pathname}${search}${hash}`)}`;
}

/** The browser client's 401 handler (entry.client.tsx). */
export function goToSignIn(location: Location = window.location): void {
  const target = signInLocation(location);
  if (target) location.assign(target);
}
