import type { Context } from "hono";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "./env.ts";
import { readSessionToken, setSessionCookie } from "./session-cookie.ts";

/** How the shopper proved who they are: through the bank (OIDC) or by an SMS code. */
export type SignInMethod = "bank" | "phone";

/**
 * Signs the browser in as the user, whatever proved who they are. The session is rotated (security
 * baseline): the one this browser's cookie names is revoked, so a token planted or seen before sign-in
 * is worth nothing after it. The event is logged for the audit trail with no token in it.
 */
export async function signInAs(
  // biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
  c: Context<AppEnv, any, any>,
  userId: number,
  method: SignInMethod,
): Promise<void> {
  const { identity } = c.get("services");
  const previous = readSessionToken(c);
  if (previous) await identity.revokeSession(previous);
  const { token, expiresAt } = await identity.startSession(userId, {
    userAgent: c.req.header("user-agent"),
    ip: clientAddress(c),
  });
  setSessionCookie(c, token, expiresAt);
  c.get("logger").info({ event: "sign_in", userId, method }, "sign in");
}
