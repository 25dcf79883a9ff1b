import { createHash, randomBytes } from "node:crypto";
import type { IdentityRepository, NewUser, UserRow } from "./repository.ts";

/** commerce.md, Identity: 30 days without a visit, 90 days at most. */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_ABSOLUTE_DAYS = 90;
/**
 * A session's idle expiry is moved forward at most once in this interval: sliding it on every request
 * would turn every signed-in page view into a database write.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 256 random bits, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A session's public id (sessions.public_id): a UUID, checked before it reaches the uuid column. */
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One signed-in browser in the account's "devices" list. */
export interface Device {
  publicId: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

export interface SessionUser {
  userId: number;
  /** The session's stored id (the token's hash), never the token itself. */
  sessionId: string;
  roles: string[];
}

export function createIdentityService(repository: IdentityRepository, clock: () => Date = () => new Date()) {
  return {
    createUser: (user: NewUser): Promise<UserRow> => repository.insertUser(user),

    userById: (id: number): Promise<UserRow | undefined> => repository.userById(id),

    /** Opens a session for the user; the returned token goes into the cookie and is never stored. */
    async startSession(
      userId: number,
      client: { userAgent?: string | undefined; ip?: string | undefined } = {},
    ): Promise<{ token: string; expiresAt: Date }> {
      const now = clock();
      const token = randomBytes(32).toString("base64url");
      const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS);
      await repository.insertSession({
        tokenHash: hashSessionToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_DAYS * DAY_MS),
        absoluteExpiresAt,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        ip: client.ip?.slice(0, 64) ?? null,
      });
      return { token, expiresAt: absoluteExpiresAt };
    },

    /** The signed-in user behind a cookie's token, or undefined for a malformed, unknown or ended session. */
    async resolveSession(token: string | undefined): Promise<SessionUser | undefined> {
      if (!token || !TOKEN.test(token)) return undefined;
      const now = clock();
      const sessionId = hashSessionToken(token);
      const session = await repository.liveSession(sessionId, now);
      if (!session) return undefined;
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repository.touchSession(sessionId, now, new Date(now.getTime() + SESSION_IDLE_DAYS * DAY_MS));
      }
      return { userId: session.userId, sessionId, roles: session.roles };
    },

    async revokeSession(token: string): Promise<void> {
      if (TOKEN.test(token)) await repository.revokeSession(hashSessionToken(token), clock());
    },

    /** The user's signed-in devices, each named by its public id; `current` marks the asking session. */
    async devicesOf(userId: number, currentSessionId: string): Promise<Device[]> {
      const rows = await repository.liveSessionsOf(userId, clock());
      return rows.map(({ tokenHash, ...row }) => ({ ...row, current: tokenHash === currentSessionId }));
    },

    /** "Sign out of all other devices": every live session of the user but the asking one. */
    revokeOtherSessions: (userId: number, currentSessionId: string): Promise<number> =>
      repository.revokeOtherSessions(userId, currentSessionId, clock()),

    /**
     * Ends one of the user's own sessions by its public id; undefined when the user has no such live
     * session, which the API answers with 404 whether the id is unknown or someone else's.
     */
    async revokeDevice(userId: number, publicId: string): Promise<{ sessionId: string } | undefined> {
      if (!PUBLIC_ID.test(publicId)) return undefined;
      const sessionId = await repository.revokeSessionByPublicId(userId, publicId.toLowerCase(), clock());
      return sessionId ? { sessionId } : undefined;
    },

    purgeDeadSessions: (limit: number) => repository.purgeDeadSessions(clock(), limit),
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
