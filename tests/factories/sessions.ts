import type { Executor } from "#server/db/unit-of-work.ts";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService } from "#server/domain/identity/service.ts";
import { createUser, type UserFields } from "./users.ts";

/** The session cookie's name on plain http (tests and localhost); `__Host-sid` on https. */
export const TEST_SESSION_COOKIE = "sid";

/**
 * A signed-in shopper: a user (created unless given) and a live session through the real identity
 * service, so the token is made and stored exactly as a sign-in would. Returns the token and a ready
 * `Cookie` header for `app.request()`.
 */
export async function createSession(
  db: Executor,
  options: { userId?: number; user?: Partial<UserFields>; userAgent?: string } = {},
) {
  const userId = options.userId ?? (await createUser(db, options.user)).id;
  const identity = createIdentityService(createIdentityRepository(db));
  const { token, expiresAt } = await identity.startSession(userId, { userAgent: options.userAgent });
  return { userId, token, expiresAt, cookie: `${TEST_SESSION_COOKIE}=${token}` };
}
