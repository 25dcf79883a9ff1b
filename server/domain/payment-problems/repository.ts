import { and, count, desc, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { jobs, orders, paymentProblems, payments } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { returnPaymentJob } from "#server/domain/orders/payment-jobs.ts";
import { requeueJob } from "#server/jobs/queue.ts";

/** The `return-payment` job's key for a payment (the orders repository enqueues it under this key). */
export const returnJobKey = (paymentId: number) => `payment:${paymentId}`;

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

    /** The `return-payment` job of the payment run again with all its attempts (never a second one). */
    requeueReturn: (paymentId: number) =>
      requeueJob(db, returnPaymentJob, { paymentId }, returnJobKey(paymentId)),
  };
}
export type PaymentProblemsRepository = ReturnType<typeof createPaymentProblemsRepository>;
