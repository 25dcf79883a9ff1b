import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { sessions, users } from "#server/db/schema/index.ts";
import { statementOnce } from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export interface UserRow {
  id: number;
  phone: string | null;
  bankSubject: string | null;
  surname: string | null;
  name: string | null;
  patronymic: string | null;
  email: string | null;
  roles: string[];
}

export interface NewUser {
  phone?: string | null;
  bankSubject?: string | null;
  surname?: string | null;
  name?: string | null;
  patronymic?: string | null;
  email?: string | null;
  roles?: string[];
}

export interface NewSession {
  tokenHash: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** The columns of a `UserRow`. */
export const userColumns = {
  id: users.id,
  phone: users.phone,
  bankSubject: users.bankSubject,
  surname: users.surname,
  name: users.name,
  patronymic: users.patronymic,
  email: users.email,
  roles: users.roles,
};

/** A session still usable at `now`: not revoked, neither expiry passed. */
function liveAt(now: Date) {
  return [isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)];
}

export function createIdentityRepository(db: Executor) {
  // Named (ADR 075): every signed-in request reads its session, every personal page its shopper.
  const liveSession = statementOnce(() =>
    db
      .select({
        userId: sessions.userId,
        lastSeenAt: sessions.lastSeenAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        roles: users.roles,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, sql.placeholder("now")),
          gt(sessions.absoluteExpiresAt, sql.placeholder("now")),
        ),
      )
      .prepare("live_session"),
  );
  const userById = statementOnce(() =>
    db
      .select(userColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare("user_by_id"),
  );
  return {
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning(userColumns);
      return row!;
    },

    async userById(id: number): Promise<UserRow | undefined> {
      const [row] = await userById().execute({ id });
      return row;
    },

    async insertSession(session: NewSession): Promise<void> {
      await db.insert(sessions).values(session);
    },

    /** The live session with this token hash and its user: not revoked, neither expiry passed. */
    async liveSession(tokenHash: string, now: Date) {
      const [row] = await liveSession().execute({ tokenHash, now });
      return row;
    },

    /** Slides the idle expiry (never past the absolute one). */
    async touchSession(tokenHash: string, now: Date, idleExpiresAt: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, idleExpiresAt: sql`least(${idleExpiresAt}, ${sessions.absoluteExpiresAt})` })
        .where(eq(sessions.tokenHash, tokenHash));
    },

    async revokeSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },

    /** The user's live sessions, the most recently used first: the "devices" list. */
    async liveSessionsOf(userId: number, now: Date) {
      return db
        .select({
          tokenHash: sessions.tokenHash,
          publicId: sessions.publicId,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), ...liveAt(now)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Revokes the user's other live sessions; returns how many. */
    async revokeOtherSessions(userId: number, keepTokenHash: string, now: Date): Promise<number> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash), ...liveAt(now)))
        .returning({ tokenHash: sessions.tokenHash });
      return revoked.length;
    },

    /**
     * Revokes the user's live session with this public id; the token hash it had, or undefined when the
     * user has no such live session (someone else's id included).
     */
    async revokeSessionByPublicId(userId: number, publicId: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId), ...liveAt(now)))
        .returning({ tokenHash: sessions.tokenHash });
      return row?.tokenHash;
    },

    /** Deletes up to `limit` sessions that can no longer be used; returns how many. */
    async purgeDeadSessions(now: Date, limit: number): Promise<number> {
      const dead = db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(
          or(
            lt(sessions.absoluteExpiresAt, now),
            lt(sessions.idleExpiresAt, now),
            lt(sessions.revokedAt, now),
          ),
        )
        .limit(limit);
      const deleted = await db
        .delete(sessions)
        .where(sql`${sessions.tokenHash} IN (${dead})`)
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
