import { z } from "zod";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { BonusRepository } from "#server/domain/bonus/repository.ts";
import { defineJobType, handleJob, type JobHandler } from "#server/jobs/job-type.ts";
import type { CashbackRepository } from "./repository.ts";

// Cashback that matures (issue 20, point 6; ADR 055): an order's cashback is pending from payment; once the
// order is delivered and the return window has closed (orders.cashback_due_at), a job moves it to the
// spendable balance, exactly once however many instances run the job at the same time.

export interface CashbackRepositories {
  cashback: CashbackRepository;
  bonus: BonusRepository;
}

/** How often due cashback is looked for: at most this late after midnight in Moscow. */
export const RELEASE_CASHBACK_EVERY_MS = 10 * 60_000;
const BATCH = 100;

export const releaseCashbackJob = defineJobType({
  name: "release-cashback",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 30_000, maxMs: 300_000 },
  every: { intervalMs: RELEASE_CASHBACK_EVERY_MS, payload: {} },
});

export interface CashbackOptions {
  now?: () => Date;
  logger?: { info(fields: object, message: string): void; error(fields: object, message: string): void };
}

export function createCashbackService(work: UnitOfWork<CashbackRepositories>, options: CashbackOptions = {}) {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? { info() {}, error() {} };

  /**
   * Moves the order's pending cashback to available if it is due: one transaction claims the row (clears
   * its date by a conditional update) and writes the two ledger rows (pending −N, available +N) under keys
   * of the order, so a second run, here or on another instance, moves nothing. An order cancelled meanwhile
   * (its cashback reversed) or with nothing left pending only loses its date. The points moved.
   */
  async function release(orderId: number): Promise<number> {
    const moved = await work.transaction(async (repos) => {
      const claimed = await repos.cashback.claim(orderId, now());
      if (!claimed) return 0;
      const left = await repos.cashback.pendingOfOrder(orderId);
      if (claimed.status !== "delivered" || left <= 0) return 0;
      const entry = { userId: claimed.userId, kind: "cashback_release" as const, orderId };
      const out = await repos.bonus.record({
        ...entry,
        operationKey: `order:${orderId}:cashback:release:pending`,
        bucket: "pending",
        amount: -left,
      });
      if (out === "duplicate") return 0;
      if (out === "insufficient") {
        throw new Error(`order ${orderId}: the account's pending points are below the order's ${left}`);
      }
      const into = await repos.bonus.record({
        ...entry,
        operationKey: `order:${orderId}:cashback:release:available`,
        bucket: "available",
        amount: left,
      });
      if (into !== "recorded") throw new Error(`order ${orderId}: cashback release half recorded (${into})`);
      return left;
    });
    if (moved > 0) logger.info({ orderId, points: moved }, "cashback released");
    return moved;
  }

  return {
    release,

    /** Releases every order's cashback due now, in batches; the number of orders whose points moved. */
    async releaseDue(): Promise<number> {
      let released = 0;
      for (;;) {
        const due = await work.repositories.cashback.due(now(), BATCH);
        let claimedAny = false;
        for (const orderId of due) {
          try {
            if ((await release(orderId)) > 0) released += 1;
            claimedAny = true;
          } catch (err) {
            // One order's trouble (an account out of step with the ledger) must not hold the others back.
            logger.error({ orderId, err }, "cashback release failed");
          }
        }
        if (due.length < BATCH || !claimedAny) return released;
      }
    },
  };
}
export type CashbackService = ReturnType<typeof createCashbackService>;

/** The maturation job: every RELEASE_CASHBACK_EVERY_MS, once across instances (ADR 017). */
export function cashbackJobs(services: { cashback: CashbackService }): JobHandler[] {
  return [
    handleJob(releaseCashbackJob, async (_payload, { logger }) => {
      const released = await services.cashback.releaseDue();
      if (released > 0) logger.info({ released }, "cashback released");
    }),
  ];
}
