/**
 * The signed-in hint (ADR 034): a cookie that only says "this browser has a session", readable by the
 * page's script. The session itself stays in the HttpOnly `sid` cookie, which scripts cannot see; the hint
 * holds no secret and proves nothing. It lets public pages ask for personal data (the header's name,
 * hearts, the bonus balance) only when there is someone to ask about, so an anonymous shopper never makes
 * a personal call that could answer 401. The server sets and clears it with the session cookie; a stale
 * hint (session ended elsewhere) is dropped by the page when its first personal call answers 401.
 */
export const SIGNED_IN_HINT_COOKIE = "signed_in";

/** Whether a `document.cookie` string carries the hint. */
export function hasSignedInHint(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
