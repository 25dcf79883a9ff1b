import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import { deleteBatch } from "#server/db/delete-batch.ts";
import { authFlows, profileImports, users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export type FlowPurpose = "sign_in" | "import";

export interface NewFlow {
  idHash: string;
  purpose: FlowPurpose;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectTo: string;
  userId: number | null;
  expiresAt: Date;
}

export interface StoredFlow extends NewFlow {
  createdAt: Date;
}

/** What the bank says about a person, as the users table keeps it. */
export interface BankProfile {
  surname: string | null;
  name: string | null;
  patronymic: string | null;
  email: string | null;
  phone: string | null;
}

export interface ImportedProfile {
  data: BankProfile;
  expiresAt: Date;
}

const flowColumns = {
  idHash: authFlows.idHash,
  purpose: authFlows.purpose,
  state: authFlows.state,
  nonce: authFlows.nonce,
  codeVerifier: authFlows.codeVerifier,
  redirectTo: authFlows.redirectTo,
  userId: authFlows.userId,
  createdAt: authFlows.createdAt,
  expiresAt: authFlows.expiresAt,
};

/** Sign-in and identity import through the bank (ADR 029, 030): flows in flight, accounts, pending imports. */
export function createBankSignInRepository(db: Executor) {
  return {
    async insertFlow(flow: NewFlow): Promise<void> {
      await db.insert(authFlows).values(flow);
    },

    /**
     * Takes the flow of this id whose state is `state`: deleted as it is read, so a callback finishes a
     * flow once however many times it arrives. Undefined when there is no such flow (or another state).
     */
    async takeFlow(idHash: string, state: string): Promise<StoredFlow | undefined> {
      const [row] = await db
        .delete(authFlows)
        .where(and(eq(authFlows.idHash, idHash), eq(authFlows.state, state)))
        .returning(flowColumns);
      return row as StoredFlow | undefined;
    },

    /** The flow of this id whatever its state (to tell a mismatched state from a finished flow). */
    async flowById(idHash: string): Promise<StoredFlow | undefined> {
      const [row] = await db.select(flowColumns).from(authFlows).where(eq(authFlows.idHash, idHash));
      return row as StoredFlow | undefined;
    },

    async deleteFlow(idHash: string): Promise<void> {
      await db.delete(authFlows).where(eq(authFlows.idHash, idHash));
    },

    async userIdByBankSubject(subject: string): Promise<number | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.bankSubject, subject));
      return row?.id;
    },

    async userByPhone(phone: string): Promise<{ id: number; bankSubject: string | null } | undefined> {
      const [row] = await db
        .select({ id: users.id, bankSubject: users.bankSubject })
        .from(users)
        .where(eq(users.phone, phone));
      return row;
    },

    /**
     * Links the bank subject to the account of this phone if that account has none yet; its id, or
     * undefined. One statement: of two bank sign-ins racing for one phone account, one links it.
     */
    async linkBankSubjectByPhone(phone: string, subject: string): Promise<number | undefined> {
      const [row] = await db
        .update(users)
        .set({ bankSubject: subject, updatedAt: new Date() })
        .where(and(eq(users.phone, phone), isNull(users.bankSubject)))
        .returning({ id: users.id });
      return row?.id;
    },

    /**
     * A new account for a bank customer; undefined when the subject or the phone already has one (a
     * parallel sign-in created it first: the unique indexes decide, the caller looks again).
     */
    async insertBankUser(subject: string, profile: BankProfile): Promise<number | undefined> {
      const [row] = await db
        .insert(users)
        .values({ bankSubject: subject, ...profile })
        .onConflictDoNothing()
        .returning({ id: users.id });
      return row?.id;
    },

    /** Fills the account's empty name and email fields from the bank; what the shopper typed stays. */
    async fillEmptyProfile(userId: number, profile: Omit<BankProfile, "phone">): Promise<void> {
      await db
        .update(users)
        .set({
          surname: sql`coalesce(${users.surname}, ${profile.surname})`,
          name: sql`coalesce(${users.name}, ${profile.name})`,
          patronymic: sql`coalesce(${users.patronymic}, ${profile.patronymic})`,
          email: sql`coalesce(${users.email}, ${profile.email})`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
    },

    async userProfile(userId: number): Promise<BankProfile | undefined> {
      const [row] = await db
        .select({
          surname: users.surname,
          name: users.name,
          patronymic: users.patronymic,
          email: users.email,
          phone: users.phone,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Whether another account than `userId` has this phone. */
    async phoneTakenByOther(phone: string, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), ne(users.id, userId)));
      return !!row;
    },

    /** Writes accepted fields; `taken` when the phone became another account's meanwhile (unique index). */
    async updateProfile(userId: number, patch: Partial<BankProfile>): Promise<"ok" | "taken"> {
      if (Object.keys(patch).length === 0) return "ok";
      try {
        await db
          .update(users)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(users.id, userId));
        return "ok";
      } catch (error) {
        if (isUniqueViolation(error)) return "taken";
        throw error;
      }
    },

    /** The user's one pending import, replacing any earlier one. */
    async putImport(userId: number, data: BankProfile, expiresAt: Date): Promise<void> {
      await db
        .insert(profileImports)
        .values({ userId, data, expiresAt, createdAt: new Date() })
        .onConflictDoUpdate({
          target: profileImports.userId,
          set: { data, expiresAt, createdAt: new Date() },
        });
    },

    async pendingImport(userId: number, now: Date): Promise<ImportedProfile | undefined> {
      const [row] = await db
        .select({ data: profileImports.data, expiresAt: profileImports.expiresAt })
        .from(profileImports)
        .where(and(eq(profileImports.userId, userId), gt(profileImports.expiresAt, now)));
      return row ? { data: row.data as BankProfile, expiresAt: row.expiresAt } : undefined;
    },

    /** Deletes the user's pending import; whether there was a live one. */
    async deleteImport(userId: number, now: Date): Promise<boolean> {
      const rows = await db
        .delete(profileImports)
        .where(eq(profileImports.userId, userId))
        .returning({ expiresAt: profileImports.expiresAt });
      return rows.some((row) => row.expiresAt > now);
    },

    /** Deletes up to `limit` flows that expired before `before`; returns how many. */
    purgeFlowsBefore: (before: Date, limit: number): Promise<number> =>
      deleteBatch(db, authFlows, authFlows.idHash, lt(authFlows.expiresAt, before), limit),

    /** Deletes up to `limit` imports that expired before `before`; returns how many. */
    purgeImportsBefore: (before: Date, limit: number): Promise<number> =>
      deleteBatch(db, profileImports, profileImports.id, lt(profileImports.expiresAt, before), limit),
  };
}
export type BankSignInRepository = ReturnType<typeof createBankSignInRepository>;
