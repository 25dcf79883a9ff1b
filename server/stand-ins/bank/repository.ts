import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { bankOidcPayloads } from "#server/db/schema/index.ts";
import { storedSecret } from "#server/db/server-secrets.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/** One oidc-provider model instance as its adapter stores it (sessions, interactions, grants, codes, tokens). */
export interface StoredPayload {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

const live = () => or(isNull(bankOidcPayloads.expiresAt), gt(bankOidcPayloads.expiresAt, new Date()));

/** Storage of the bank stand-in (ADR 029): oidc-provider's models and the keys it generated for itself. */
export function createBankStandInRepository(db: Executor) {
  const findWhere = async (where: ReturnType<typeof and>): Promise<StoredPayload | undefined> => {
    const [row] = await db
      .select({ payload: bankOidcPayloads.payload, consumedAt: bankOidcPayloads.consumedAt })
      .from(bankOidcPayloads)
      .where(and(where, live()))
      .limit(1);
    return row ? { payload: row.payload as Record<string, unknown>, consumedAt: row.consumedAt } : undefined;
  };

  return {
    async upsert(
      model: string,
      id: string,
      payload: Record<string, unknown>,
      expiresInS: number | undefined,
    ): Promise<void> {
      const row = {
        payload,
        grantId: typeof payload.grantId === "string" ? payload.grantId : null,
        userCode: typeof payload.userCode === "string" ? payload.userCode : null,
        uid: typeof payload.uid === "string" ? payload.uid : null,
        expiresAt: expiresInS ? new Date(Date.now() + expiresInS * 1000) : null,
      };
      await db
        .insert(bankOidcPayloads)
        .values({ model, id, ...row })
        .onConflictDoUpdate({ target: [bankOidcPayloads.model, bankOidcPayloads.id], set: row });
    },

    find: (model: string, id: string) =>
      findWhere(and(eq(bankOidcPayloads.model, model), eq(bankOidcPayloads.id, id))),

    findByUid: (model: string, uid: string) =>
      findWhere(and(eq(bankOidcPayloads.model, model), eq(bankOidcPayloads.uid, uid))),

    findByUserCode: (model: string, userCode: string) =>
      findWhere(and(eq(bankOidcPayloads.model, model), eq(bankOidcPayloads.userCode, userCode))),

    /** Marks it used; false when it was used already (or is gone): one statement, so one use wins. */
    async consume(model: string, id: string): Promise<boolean> {
      const rows = await db
        .update(bankOidcPayloads)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(bankOidcPayloads.model, model),
            eq(bankOidcPayloads.id, id),
            isNull(bankOidcPayloads.consumedAt),
          ),
        )
        .returning({ id: bankOidcPayloads.id });
      return rows.length > 0;
    },

    async destroy(model: string, id: string): Promise<void> {
      await db
        .delete(bankOidcPayloads)
        .where(and(eq(bankOidcPayloads.model, model), eq(bankOidcPayloads.id, id)));
    },

    /**
     * The id of a customer's live grant to a client, the longest-lived first: the consent they gave
     * before, whichever browser or bank session gave it (ADR 068).
     */
    async rememberedGrantId(accountId: string, clientId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: bankOidcPayloads.id })
        .from(bankOidcPayloads)
        .where(
          and(
            eq(bankOidcPayloads.model, "Grant"),
            sql`${bankOidcPayloads.payload}->>'accountId' = ${accountId}`,
            sql`${bankOidcPayloads.payload}->>'clientId' = ${clientId}`,
            live(),
          ),
        )
        .orderBy(sql`${bankOidcPayloads.expiresAt} DESC NULLS FIRST`)
        .limit(1);
      return row?.id;
    },

    /**
     * Revokes a customer's consents (to one client, or all): their grants and everything issued under
     * them; the next sign-in asks for consent again. Returns how many grants there were.
     */
    async revokeGrants(accountId: string, clientId?: string): Promise<number> {
      const grants = await db
        .delete(bankOidcPayloads)
        .where(
          and(
            eq(bankOidcPayloads.model, "Grant"),
            sql`${bankOidcPayloads.payload}->>'accountId' = ${accountId}`,
            clientId === undefined ? undefined : sql`${bankOidcPayloads.payload}->>'clientId' = ${clientId}`,
          ),
        )
        .returning({ id: bankOidcPayloads.id });
      if (grants.length > 0) {
        await db.delete(bankOidcPayloads).where(
          inArray(
            bankOidcPayloads.grantId,
            grants.map((g) => g.id),
          ),
        );
      }
      return grants.length;
    },

    /** Everything issued under a grant, whatever its model (a replayed code revokes them all). */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(bankOidcPayloads).where(eq(bankOidcPayloads.grantId, grantId));
    },

    /** Deletes up to `limit` rows that expired before `before`; returns how many. */
    async purgeExpiredBefore(before: Date, limit: number): Promise<number> {
      const batch = db
        .select({ model: bankOidcPayloads.model, id: bankOidcPayloads.id })
        .from(bankOidcPayloads)
        .where(lt(bankOidcPayloads.expiresAt, before))
        .limit(limit);
      const deleted = await db
        .delete(bankOidcPayloads)
        .where(sql`(${bankOidcPayloads.model}, ${bankOidcPayloads.id}) IN (${batch})`)
        .returning({ id: bankOidcPayloads.id });
      return deleted.length;
    },

    /** The stored secret of this name, storing `candidate` first when there is none (the first one wins). */
    secret: (name: string, candidate: () => string): Promise<string> => storedSecret(db, name, candidate),
  };
}
export type BankStandInRepository = ReturnType<typeof createBankStandInRepository>;
