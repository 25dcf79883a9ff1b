import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { deleteBatch } from "#server/db/delete-batch.ts";
import { users } from "#server/db/schema/index.ts";
import { phoneCodes, smsOutbox } from "#server/db/schema/phone-sign-in.ts";
import { storedSecret } from "#server/db/server-secrets.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export interface NewCode {
  phone: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface OutboxMessage {
  phone: string;
  text: string;
  provider: string;
  providerId: string | null;
  status: "sent" | "failed";
}

export function createPhoneCodesRepository(db: Executor) {
  return {
    async lastSentAt(phone: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ lastSentAt: phoneCodes.lastSentAt })
        .from(phoneCodes)
        .where(eq(phoneCodes.phone, phone));
      return row?.lastSentAt;
    },

    /**
     * Puts a fresh code in place of the phone's previous one, unless an SMS went to it after
     * `cooldownSince`: then nothing changes and false is returned. One statement, so two requests at once
     * cannot both pass the cooldown.
     */
    async replaceCode(code: NewCode, cooldownSince: Date): Promise<boolean> {
      const fresh = { ...code, attempts: 0, consumedAt: null, lastSentAt: code.createdAt };
      const rows = await db
        .insert(phoneCodes)
        .values(fresh)
        .onConflictDoUpdate({
          target: phoneCodes.phone,
          set: fresh,
          setWhere: sql`${phoneCodes.lastSentAt} <= ${cooldownSince}`,
        })
        .returning({ id: phoneCodes.id });
      return rows.length > 0;
    },

    /** Its SMS did not go out: the phone may ask again at once, and the code nobody received dies. */
    async releaseCooldown(phone: string, codeHash: string): Promise<void> {
      await db
        .update(phoneCodes)
        .set({ lastSentAt: new Date(0), consumedAt: sql`now()` })
        .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.codeHash, codeHash)));
    },

    /**
     * Counts one attempt against the phone's live code and returns its hash and the attempts made, or
     * undefined when there is no live code (none, used, expired or out of attempts). Counting before
     * comparing means parallel guesses cannot exceed the limit.
     */
    async spendAttempt(phone: string, now: Date, maxAttempts: number) {
      const [row] = await db
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(
          and(
            eq(phoneCodes.phone, phone),
            isNull(phoneCodes.consumedAt),
            gt(phoneCodes.expiresAt, now),
            lt(phoneCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: phoneCodes.id, codeHash: phoneCodes.codeHash, attempts: phoneCodes.attempts });
      return row;
    },

    /** The phone's code as it stands, to tell why it cannot be used. */
    async codeState(phone: string) {
      const [row] = await db
        .select({
          expiresAt: phoneCodes.expiresAt,
          attempts: phoneCodes.attempts,
          consumedAt: phoneCodes.consumedAt,
        })
        .from(phoneCodes)
        .where(eq(phoneCodes.phone, phone));
      return row;
    },

    /** Marks the code used; false when another confirmation used it first. */
    async consume(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(phoneCodes)
        .set({ consumedAt: now })
        .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.consumedAt)))
        .returning({ id: phoneCodes.id });
      return rows.length > 0;
    },

    /** The account of this phone, created when there is none (phone is unique: a race creates one). */
    async findOrCreateUserByPhone(phone: string) {
      const columns = { id: users.id, phone: users.phone, name: users.name };
      await db.insert(users).values({ phone }).onConflictDoNothing({ target: users.phone });
      const [row] = await db.select(columns).from(users).where(eq(users.phone, phone));
      return row!;
    },

    async recordSms(message: OutboxMessage): Promise<void> {
      await db.insert(smsOutbox).values(message);
    },

    /** The newest messages to a phone, newest first (the stand-in's outbox, for tests and support). */
    async outbox(phone: string, limit: number) {
      return db
        .select({ text: smsOutbox.text, provider: smsOutbox.provider, createdAt: smsOutbox.createdAt })
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(sql`${smsOutbox.id} DESC`)
        .limit(limit);
    },

    /**
     * Deletes up to `limit` codes that died before `before` (expired, or used); returns how many. A row
     * also carries the resend cooldown, which ends 60 s after sending, long before either.
     */
    purgeCodesBefore: (before: Date, limit: number): Promise<number> =>
      deleteBatch(
        db,
        phoneCodes,
        phoneCodes.id,
        or(lt(phoneCodes.expiresAt, before), lt(phoneCodes.consumedAt, before)),
        limit,
      ),

    /** Deletes up to `limit` outbox messages written before `before`; returns how many. */
    purgeOutboxBefore: (before: Date, limit: number): Promise<number> =>
      deleteBatch(db, smsOutbox, smsOutbox.id, lt(smsOutbox.createdAt, before), limit),

    /** The stored secret of this name, storing `candidate` first when there is none (the first one wins). */
    secret: (name: string, candidate: string): Promise<string> => storedSecret(db, name, () => candidate),
  };
}
export type PhoneCodesRepository = ReturnType<typeof createPhoneCodesRepository>;
