/**
 * The signed-in hint (ADR 034): a cookie that only says "this browser has a session", readable by the
 * page's script. The session itself stays in the HttpOnly `sid` cookie, which scripts cannot see; the hint
 * holds no secret and proves nothing. It lets public pages ask for personal data (the header's name,
 * hearts, the bonus balance) only when there is someone to ask about, so an anonymous shopper never makes
 * a personal call that could answer 401.
 *
 * The server sets it with the session cookie and clears it with the session cookie at sign-out; it never
 * clears either on a 401, because a 401 can be the answer to a request sent with a session this browser
 * has since replaced (signed in again while a call was in flight), and clearing would sign the new session
 * out. Each sign-in gives the hint a new random value, so the page drops a hint only if it is still the
 * one its refused call was sent with (`dropSignedInHint`).
 */
export const SIGNED_IN_HINT_COOKIE = "signed_in";

/** The hint's value in a Cookie header or `document.cookie`, or undefined without one. */
export function signedInHint(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === SIGNED_IN_HINT_COOKIE && value) return value;
  }
  return undefined;
}

/** Whether a Cookie header or `document.cookie` carries the hint. */
export function hasSignedInHint(cookieHeader: string | null | undefined): boolean {
  return signedInHint(cookieHeader) !== undefined;
}
