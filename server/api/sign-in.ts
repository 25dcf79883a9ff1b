import type { Context } from "hono";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/http/env.ts";
import { readSessionToken, setSessionCookie } from "./session-cookie.ts";
import { readVisitor } from "./visitor.ts";

/** How the shopper proved who they are: through the bank (OIDC) or by an SMS code. */
export type SignInMethod = "bank" | "phone";

/**
 * Signs the browser in as the user, whatever proved who they are. The session is rotated (security
 * baseline): the one this browser's cookie names is revoked, so a token planted or seen before sign-in
 * is worth nothing after it. The event is logged for the audit trail with no token in it.
 *
 * The browser's anonymous visitor data (wishlist, viewed, recent searches, basket) moves into the account
 * first, in one transaction that a retried or concurrent sign-in cannot repeat (ADR 032); a failed merge
 * is logged and does not fail the sign-in. The visitor cookie stays, for the browser's anonymous use
 * after sign-out.
 */
export async function signInAs(
  // biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
  c: Context<AppEnv, any, any>,
  userId: number,
  method: SignInMethod,
): Promise<void> {
  const { identity, visitorMerge } = c.get("services");
  const visitorId = readVisitor(c);
  if (visitorId) {
    try {
      const merged = await visitorMerge.merge(visitorId, userId);
      c.get("logger").info(
        { event: "visitor_merged", userId, merged },
        "visitor data merged into the account",
      );
    } catch (err) {
      // The shopper's identity is proven (a code may be spent): the sign-in goes on. Nothing moved (one
      // transaction), so the visitor's data waits for the next sign-in.
      c.get("logger").error({ event: "visitor_merge_failed", userId, err }, "visitor data not merged");
    }
  }
  const previous = readSessionToken(c);
  if (previous) await identity.revokeSession(previous);
  const { token, expiresAt } = await identity.startSession(userId, {
    userAgent: c.req.header("user-agent"),
    ip: clientAddress(c),
  });
  setSessionCookie(c, token, expiresAt);
  c.get("logger").info({ event: "sign_in", userId, method }, "sign in");
}
