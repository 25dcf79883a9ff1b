import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { bonusLedger, orders } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/** An order whose cashback the maturation job took: what it needs to move the points. */
export interface ClaimedCashback {
  orderId: number;
  userId: number;
  status: (typeof orders.$inferSelect)["status"];
}

/** Orders' cashback on its way from pending to available (ADR 055): when it is due, and how much is left. */
export function createCashbackRepository(db: Executor) {
  return {
    /** The points the order still holds in the pending bucket: accrued at payment, less what was reversed. */
    async pendingOfOrder(orderId: number): Promise<number> {
      const [row] = await db
        .select({ sum: sql<number>`coalesce(sum(${bonusLedger.amount}), 0)::int` })
        .from(bonusLedger)
        .where(and(eq(bonusLedger.orderId, orderId), eq(bonusLedger.bucket, "pending")));
      return row?.sum ?? 0;
    },

    /** Sets when the order's pending cashback becomes available (delivered + the return window). */
    async setDue(orderId: number, at: Date): Promise<void> {
      await db.update(orders).set({ cashbackDueAt: at, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    },

    /** Orders whose cashback is due by `now`, earliest first (the partial index orders_cashback_due_idx). */
    async due(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNotNull(orders.cashbackDueAt), lte(orders.cashbackDueAt, now)))
        .orderBy(asc(orders.cashbackDueAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Takes the order's due cashback for this transaction: clears `cashback_due_at` by a conditional update,
     * so of two instances racing, the second waits on the row and then finds nothing to take (undefined).
     */
    async claim(orderId: number, now: Date): Promise<ClaimedCashback | undefined> {
      const [row] = await db
        .update(orders)
        .set({ cashbackDueAt: null, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), lte(orders.cashbackDueAt, now)))
        .returning({ orderId: orders.id, userId: orders.userId, status: orders.status });
      return row;
    },
  };
}
export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
