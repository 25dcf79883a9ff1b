import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { orderRefunds } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { refundOrderJob } from "#server/domain/orders/payment-jobs.ts";

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * Money and points given back for parcels called off (ADR 054). A refund with money to send is queued for
 * the `refund-order` job in the same transaction, so it exists if and only if the cancellation committed.
 */
export function createRefundsRepository(db: Executor) {
  return {
    async insert(row: typeof orderRefunds.$inferInsert): Promise<OrderRefundRow> {
      const [refund] = await db.insert(orderRefunds).values(row).returning();
      if (refund!.status === "pending") {
        await enqueueJob(db, refundOrderJob, { refundId: refund!.id }, { key: `refund:${refund!.id}` });
      }
      return refund!;
    },

    async get(refundId: number): Promise<OrderRefundRow | undefined> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
      return row;
    },

    /** The order's refunds, oldest first. */
    async ofOrder(orderId: number): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.id));
    },

    /** Kopecks of a payment already given back or on their way by our refunds (pending and done). */
    async committed(paymentId: number): Promise<number> {
      const [row] = await db
        .select({ sum: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.paymentId, paymentId), inArray(orderRefunds.status, ["pending", "done"])));
      return row?.sum ?? 0;
    },

    /** Whether we refund (or refunded) part of this payment ourselves: the acquirer's word of it is ours. */
    async anyFor(paymentId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(eq(orderRefunds.paymentId, paymentId))
        .limit(1);
      return row !== undefined;
    },

    /** pending → done or failed, once: undefined when another run moved it first. */
    async settle(
      refundId: number,
      from: OrderRefundRow["status"],
      to: "done" | "failed" | "pending",
      acquirerStatus?: string,
    ): Promise<OrderRefundRow | undefined> {
      const [row] = await db
        .update(orderRefunds)
        .set({
          status: to,
          ...(acquirerStatus ? { acquirerStatus } : {}),
          ...(to === "done" ? { doneAt: sql`now()`, lastError: null } : {}),
        })
        .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, from)))
        .returning();
      return row;
    },

    /** Why the last `Cancel` of a pending refund did not go through (the job tries again). */
    async markError(refundId: number, error: "timeout" | "error"): Promise<void> {
      await db
        .update(orderRefunds)
        .set({ lastError: error })
        .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending")));
    },

    /** The payment's refunds that failed after their job's last try (an operator retries them). */
    async failedOf(paymentId: number): Promise<OrderRefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.paymentId, paymentId), eq(orderRefunds.status, "failed")))
        .orderBy(asc(orderRefunds.id));
    },
  };
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
