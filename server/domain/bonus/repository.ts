import { and, asc, desc, eq, gt, lt, not, sql } from "drizzle-orm";
import { bonusAccounts, bonusLedger, orders } from "#server/db/schema/index.ts";
import { sharedStatement } from "#server/db/statement-once.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export type BonusKind = (typeof bonusLedger.$inferInsert)["kind"];
export type BonusBucket = "available" | "pending";

export interface BonusEntry {
  userId: number;
  /** Unique across the ledger: the same operation recorded twice is recorded once. */
  operationKey: string;
  kind: BonusKind;
  bucket: BonusBucket;
  /** Signed, whole points, never 0. */
  amount: number;
  orderId?: number;
}

/** The outcome of recording an entry. */
export type RecordResult = "recorded" | "duplicate" | "insufficient";

/**
 * Named (ADR 075) and built once for the process (ADR 077): the balance is read by every payment step and
 * account page, and inside transactions (a payment's points) by repositories built over them.
 */
const balanceOf = sharedStatement("bonus_balance", (db, name) =>
  db
    .select({ balance: bonusAccounts.balance, pending: bonusAccounts.pending })
    .from(bonusAccounts)
    .where(eq(bonusAccounts.userId, sql.placeholder("userId")))
    .prepare(name),
);

/**
 * The bonus ledger and its running sums (bonus_accounts). Run `record` inside a transaction: the ledger
 * row and the sum move together, and a refused debit leaves an inserted ledger row to the rollback.
 */
export function createBonusRepository(db: Executor) {
  return {
    /**
     * Appends the entry once per operation key and moves the bucket's sum by its amount, only while the
     * sum stays ≥ 0 (a conditional update: two debits racing for the last points cannot both pass).
     * "insufficient" means nothing may commit: the caller throws, which rolls the ledger row back.
     */
    async record(entry: BonusEntry): Promise<RecordResult> {
      const [row] = await db
        .insert(bonusLedger)
        .values({
          userId: entry.userId,
          operationKey: entry.operationKey,
          kind: entry.kind,
          bucket: entry.bucket,
          amount: entry.amount,
          orderId: entry.orderId,
        })
        .onConflictDoNothing({ target: bonusLedger.operationKey })
        .returning({ id: bonusLedger.id });
      if (!row) return "duplicate";
      await db.insert(bonusAccounts).values({ userId: entry.userId }).onConflictDoNothing();
      const column = entry.bucket === "available" ? bonusAccounts.balance : bonusAccounts.pending;
      const moved = await db
        .update(bonusAccounts)
        .set(
          entry.bucket === "available"
            ? { balance: sql`${bonusAccounts.balance} + ${entry.amount}`, updatedAt: sql`now()` }
            : { pending: sql`${bonusAccounts.pending} + ${entry.amount}`, updatedAt: sql`now()` },
        )
        .where(and(eq(bonusAccounts.userId, entry.userId), sql`${column} + ${entry.amount} >= 0`))
        .returning({ userId: bonusAccounts.userId });
      return moved.length > 0 ? "recorded" : "insufficient";
    },

    async balance(userId: number): Promise<{ balance: number; pending: number }> {
      const [row] = await balanceOf(db).execute({ userId });
      return row ?? { balance: 0, pending: 0 };
    },

    /** The sums recomputed from the ledger itself (tests and audits compare them with the account). */
    async ledgerSums(userId: number): Promise<{ balance: number; pending: number }> {
      const [row] = await db
        .select({
          balance: sql<number>`coalesce(sum(${bonusLedger.amount}) filter (where ${bonusLedger.bucket} = 'available'), 0)::int`,
          pending: sql<number>`coalesce(sum(${bonusLedger.amount}) filter (where ${bonusLedger.bucket} = 'pending'), 0)::int`,
        })
        .from(bonusLedger)
        .where(eq(bonusLedger.userId, userId));
      return row ?? { balance: 0, pending: 0 };
    },

    /**
     * The user's pending cashback per order (what is left of it: accrued less reversed and released), with
     * the date it becomes spendable (null until the order is received), soonest first.
     */
    async pendingByOrder(userId: number) {
      const points = sql<number>`sum(${bonusLedger.amount})::int`;
      return db
        .select({
          orderId: orders.id,
          number: orders.number,
          status: orders.status,
          dueAt: orders.cashbackDueAt,
          points,
        })
        .from(bonusLedger)
        .innerJoin(orders, eq(orders.id, bonusLedger.orderId))
        .where(and(eq(bonusLedger.userId, userId), eq(bonusLedger.bucket, "pending")))
        .groupBy(orders.id)
        .having(gt(points, 0))
        .orderBy(sql`${orders.cashbackDueAt} ASC NULLS LAST`, asc(orders.id));
    },

    /**
     * A page of the user's ledger, newest first, paged by id (`before`), with each entry's order number.
     * A release's pending half is left out: the shopper sees the cashback arrive once, as spendable points.
     */
    async historyPage(userId: number, page: { limit: number; before?: number }) {
      return db
        .select({
          id: bonusLedger.id,
          kind: bonusLedger.kind,
          bucket: bonusLedger.bucket,
          amount: bonusLedger.amount,
          createdAt: bonusLedger.createdAt,
          orderId: bonusLedger.orderId,
          orderNumber: orders.number,
        })
        .from(bonusLedger)
        .leftJoin(orders, eq(orders.id, bonusLedger.orderId))
        .where(
          and(
            eq(bonusLedger.userId, userId),
            page.before === undefined ? undefined : lt(bonusLedger.id, page.before),
            not(and(eq(bonusLedger.kind, "cashback_release"), eq(bonusLedger.bucket, "pending"))!),
          ),
        )
        .orderBy(desc(bonusLedger.id))
        .limit(page.limit);
    },

    async history(userId: number, limit = 50) {
      return db
        .select({
          kind: bonusLedger.kind,
          bucket: bonusLedger.bucket,
          amount: bonusLedger.amount,
          orderId: bonusLedger.orderId,
          createdAt: bonusLedger.createdAt,
        })
        .from(bonusLedger)
        .where(eq(bonusLedger.userId, userId))
        .orderBy(desc(bonusLedger.createdAt), desc(bonusLedger.id))
        .limit(limit);
    },
  };
}
export type BonusRepository = ReturnType<typeof createBonusRepository>;
