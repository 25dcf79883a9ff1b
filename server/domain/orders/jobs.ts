import { z } from "zod";
import { defineJobType, handleJob, type JobHandler, type JobType } from "#server/jobs/job-type.ts";
import { refundOrderJob, returnPaymentJob } from "./payment-jobs.ts";
import type { OrdersService } from "./service.ts";

/** How often unpaid orders past their deadline are looked for: a minute late at most. */
export const EXPIRE_UNPAID_EVERY_MS = 60_000;
const BATCH = 100;

export const expireUnpaidOrdersJob = defineJobType({
  name: "expire-unpaid-orders",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  every: { intervalMs: EXPIRE_UNPAID_EVERY_MS, payload: {} },
});

/** How often payments left open past their page's lifetime are asked about (a lost notification). */
export const RECONCILE_PAYMENTS_EVERY_MS = 5 * 60_000;

export const reconcilePaymentsJob = defineJobType({
  name: "reconcile-payments",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 30_000, maxMs: 120_000 },
  every: { intervalMs: RECONCILE_PAYMENTS_EVERY_MS, payload: {} },
});

/** How often parcels past their storage deadline are looked for (the deadline is a whole day). */
export const NOT_COLLECTED_EVERY_MS = 15 * 60_000;

export const returnNotCollectedJob = defineJobType({
  name: "return-not-collected",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 30_000, maxMs: 300_000 },
  every: { intervalMs: NOT_COLLECTED_EVERY_MS, payload: {} },
});

/**
 * Cancels unpaid orders past PAYMENT_TIMEOUT_MIN and returns their stock, courier window and points. The
 * job runs once per period across instances (ADR 017); even if two runs overlapped, each order is
 * cancelled by one conditional update only, and only its winner returns anything (`expire`).
 */
export async function expireDueOrders(orders: Pick<OrdersService, "dueUnpaid" | "expire">): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const due = await orders.dueUnpaid(BATCH);
    let moved = 0;
    for (const id of due) if (await orders.expire(id)) moved += 1;
    cancelled += moved;
    // A batch none of which this run could cancel (another run took them) ends the loop.
    if (due.length < BATCH || moved === 0) return cancelled;
  }
}

/** The orders' jobs; tests may shorten the back-off of `return-payment`. */
export function ordersJobs(
  services: { orders: OrdersService },
  options: { returnBackoff?: JobType["backoff"] } = {},
): JobHandler[] {
  const returnType = options.returnBackoff
    ? { ...returnPaymentJob, backoff: options.returnBackoff }
    : returnPaymentJob;
  const refundType = options.returnBackoff
    ? { ...refundOrderJob, backoff: options.returnBackoff }
    : refundOrderJob;
  return [
    handleJob(expireUnpaidOrdersJob, async (_payload, { logger }) => {
      const cancelled = await expireDueOrders(services.orders);
      if (cancelled > 0) logger.info({ cancelled }, "unpaid orders cancelled");
    }),
    handleJob(reconcilePaymentsJob, async (_payload, { logger }) => {
      const asked = await services.orders.reconcileOpenPayments();
      if (asked > 0) logger.info({ asked }, "open payments asked about");
    }),
    handleJob(returnType, ({ paymentId }, { attempt }) =>
      services.orders.returnPayment(paymentId, { last: attempt >= returnType.maxAttempts }),
    ),
    handleJob(refundType, ({ refundId }, { attempt }) =>
      services.orders.sendRefund(refundId, { last: attempt >= refundType.maxAttempts }),
    ),
    handleJob(returnNotCollectedJob, async (_payload, { logger }) => {
      const moved = await services.orders.returnNotCollected();
      if (moved > 0) logger.info({ moved }, "parcels not collected went back");
    }),
  ];
}
