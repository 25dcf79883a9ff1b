/**
 * Where «Войти» leads from a page: /auth, with the page to come back to (spec section 8's redirectTo)
 * unless it is the home page or a sign-in screen itself.
 */
export function signInHref(location: { pathname: string; search: string }): string {
  const { pathname, search } = location;
  if (pathname === "/" || pathname.startsWith("/auth") || pathname.startsWith("/confirm/auth"))
    return "/auth";
  return `/auth?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`;
}
