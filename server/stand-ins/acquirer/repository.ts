import { and, eq, inArray, sql } from "drizzle-orm";
import { acquirerStandInPayments } from "#server/db/schema/index.ts";
import { storedSecret } from "#server/db/server-secrets.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import type { JobType } from "#server/jobs/job-type.ts";
import { enqueueJob } from "#server/jobs/queue.ts";

/** What the stand-in keeps between its pages, in the row's `data`. */
export interface StandInPaymentData {
  /** The secret half of the PaymentURL: the page of payment 42 is /acquirer/pay/42/<formKey>. */
  formKey: string;
  /** The origin the payment was registered on (the PaymentURL's): notifications to it stay in process. */
  origin?: string;
  /** Until when the payment can be paid (RedirectDueDate, else 24 hours), ISO. */
  dueAt: string;
  /** The page opens on the SBP QR code (Init's DATA.QR = "true"). */
  sbp?: boolean;
  /** The page is the bank's installment application for this term (Init's DATA.PaymentMethod, ADR 062). */
  installmentMonths?: number;
  /** Kopecks given back so far by Cancel. */
  refunded?: number;
  /** The card of the attempt: T-Bank's CardId, expiry MMYY. */
  cardId?: number;
  expDate?: string;
  /** Wrong 3-D Secure codes so far. */
  threeDsWrong?: number;
  /** Init's Receipt as it came (T-Bank's names): what the cash register would fiscalise (ADR 050). */
  receipt?: Record<string, unknown>;
  /** Each refund's Receipt as it came with its Cancel, in order. */
  refundReceipts?: Record<string, unknown>[];
  /** The ExternalRequestId of each Cancel carried out: a repeated one changes nothing. */
  cancelRequests?: string[];
}

export type StandInPayment = Omit<typeof acquirerStandInPayments.$inferSelect, "data"> & {
  data: StandInPaymentData;
};

const asPayment = (row: typeof acquirerStandInPayments.$inferSelect | undefined) =>
  row as StandInPayment | undefined;

/** Storage of the stand-in acquirer (ADR 037): its payments and its terminal's secrets. */
export function createAcquirerStandInRepository(db: Executor) {
  const t = acquirerStandInPayments;
  return {
    secret: (name: string, candidate: () => string) => storedSecret(db, name, candidate),

    /** The new payment, or undefined when the terminal already has one with this OrderId. */
    async insert(row: {
      terminalKey: string;
      orderId: string;
      amount: number;
      description: string | null;
      successUrl: string | null;
      failUrl: string | null;
      notificationUrl: string | null;
      data: StandInPaymentData;
    }): Promise<StandInPayment | undefined> {
      const [inserted] = await db
        .insert(t)
        .values({ ...row, status: "NEW" })
        .onConflictDoNothing()
        .returning();
      return asPayment(inserted);
    },

    async find(id: number): Promise<StandInPayment | undefined> {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return asPayment(row);
    },

    async findByOrder(terminalKey: string, orderId: string): Promise<StandInPayment | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.terminalKey, terminalKey), eq(t.orderId, orderId)));
      return asPayment(row);
    },

    /**
     * Moves payment `id` from one of `from` to `to` (merging `data` into what is kept), only if it is
     * still in one of them, and for a refund only if nothing was refunded meanwhile: of two racing
     * actions one wins. The moved row, or undefined.
     */
    async move(
      id: number,
      from: readonly string[],
      to: { status: string; errorCode?: string; pan?: string | null; data?: Partial<StandInPaymentData> },
      refundedBefore?: number,
    ): Promise<StandInPayment | undefined> {
      const [row] = await db
        .update(t)
        .set({
          status: to.status,
          ...(to.errorCode !== undefined ? { errorCode: to.errorCode } : {}),
          ...(to.pan !== undefined ? { pan: to.pan } : {}),
          ...(to.data ? { data: sql`${t.data} || ${JSON.stringify(to.data)}::jsonb` } : {}),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(t.id, id),
            inArray(t.status, [...from]),
            refundedBefore === undefined
              ? undefined
              : sql`coalesce((${t.data}->>'refunded')::bigint, 0) = ${refundedBefore}`,
          ),
        )
        .returning();
      return asPayment(row);
    },

    /** Puts a job on the queue in this executor's transaction (a notification, an expiry). */
    enqueue<P extends JobType>(
      type: P,
      payload: Parameters<P["payload"]["parse"]>[0],
      key: string,
      runAt?: Date,
    ) {
      return enqueueJob(db, type, payload as never, { key, ...(runAt ? { runAt } : {}) });
    },
  };
}
export type AcquirerStandInRepository = ReturnType<typeof createAcquirerStandInRepository>;
