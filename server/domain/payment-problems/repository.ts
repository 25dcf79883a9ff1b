import { and, count, desc, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { jobs, orderRefunds, orders, paymentProblems, payments } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { refundOrderJob, returnPaymentJob } from "#server/domain/orders/payment-jobs.ts";
import { requeueJob } from "#server/jobs/queue.ts";

/** The `return-payment` job's key for a payment (the orders repository enqueues it under this key). */
export const returnJobKey = (paymentId: number) => `payment:${paymentId}`;

/** The `refund-order` job's key for a refund (the refunds repository enqueues it under this key). */
export const refundJobKey = (refundId: number) => `refund:${refundId}`;

/** The operators' queue of payments (issue 20, point 9): read, settled with a note, retried. */
export function createPaymentProblemsRepository(db: Executor) {
  const returnJob = sql`${jobs.name} = ${returnPaymentJob.name} AND ${jobs.key} = 'payment:' || ${paymentProblems.paymentId}::text AND ${paymentProblems.kind} = 'return_failed'`;
  const columns = {
    problem: paymentProblems,
    orderNumber: orders.number,
    payment: {
      amount: payments.amount,
      refundedAmount: payments.refundedAmount,
      status: payments.status,
    },
    /** Refunds of the payment that failed after their job's last attempt (`refund_failed`). */
    failedRefunds:
      sql<number>`(SELECT count(*) FROM ${orderRefunds} WHERE ${orderRefunds.paymentId} = ${paymentProblems.paymentId} AND ${orderRefunds.status} = 'failed')::int`.mapWith(
        Number,
      ),
    jobState: jobs.state,
    jobAttempts: jobs.attempts,
    jobError: jobs.lastError,
  };

  return {
    /** Open (`resolved` false) or settled problems, newest first, `limit` after the id `before`. */
    async list(resolved: boolean, page: { limit: number; before?: number }) {
      const where: SQL[] = [
        resolved ? isNotNull(paymentProblems.resolvedAt) : isNull(paymentProblems.resolvedAt),
      ];
      if (page.before) where.push(lt(paymentProblems.id, page.before));
      return db
        .select(columns)
        .from(paymentProblems)
        .innerJoin(orders, eq(orders.id, paymentProblems.orderId))
        .innerJoin(payments, eq(payments.id, paymentProblems.paymentId))
        .leftJoin(jobs, returnJob)
        .where(and(...where))
        .orderBy(desc(paymentProblems.id))
        .limit(page.limit);
    },

    async openCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paymentProblems)
        .where(isNull(paymentProblems.resolvedAt));
      return row?.n ?? 0;
    },

    async one(id: number) {
      const [row] = await db
        .select(columns)
        .from(paymentProblems)
        .innerJoin(orders, eq(orders.id, paymentProblems.orderId))
        .innerJoin(payments, eq(payments.id, paymentProblems.paymentId))
        .leftJoin(jobs, returnJob)
        .where(eq(paymentProblems.id, id));
      return row;
    },

    /** The problem locked for the operator's action (two operators' clicks queue here). */
    async lock(id: number) {
      const [row] = await db.select().from(paymentProblems).where(eq(paymentProblems.id, id)).for("update");
      return row;
    },

    async resolve(id: number, userId: number, note: string): Promise<void> {
      await db
        .update(paymentProblems)
        .set({ resolvedAt: sql`now()`, resolvedBy: userId, resolution: note })
        .where(eq(paymentProblems.id, id));
    },

    async paymentStatus(paymentId: number) {
      const [row] = await db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId));
      return row?.status;
    },

    /**
     * The payment's refunds that failed after their job's last attempt, each made `pending` again and its
     * `refund-order` job re-armed with all its attempts (its id stays the acquirer's ExternalRequestId, so
     * a refund that did go through after all is not sent twice). Their ids and amounts.
     */
    async requeueFailedRefunds(paymentId: number) {
      const failed = await db
        .update(orderRefunds)
        .set({ status: "pending" })
        .where(and(eq(orderRefunds.paymentId, paymentId), eq(orderRefunds.status, "failed")))
        .returning({ id: orderRefunds.id, amount: orderRefunds.amount });
      failed.sort((a, b) => a.id - b.id);
      const requeued = [];
      for (const refund of failed) {
        const job = await requeueJob(db, refundOrderJob, { refundId: refund.id }, refundJobKey(refund.id));
        requeued.push({ ...refund, jobId: job.id });
      }
      return requeued;
    },

    /** Refunds of the payment still being sent (their job queued or running). */
    async pendingRefunds(paymentId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.paymentId, paymentId), eq(orderRefunds.status, "pending")));
      return row?.n ?? 0;
    },

    /** The `return-payment` job of the payment run again with all its attempts (never a second one). */
    requeueReturn: (paymentId: number) =>
      requeueJob(db, returnPaymentJob, { paymentId }, returnJobKey(paymentId)),
  };
}
export type PaymentProblemsRepository = ReturnType<typeof createPaymentProblemsRepository>;
