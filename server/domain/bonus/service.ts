import { BONUS_KIND_TEXT, type BonusAccount, type BonusHistory } from "#contract/after-sale.ts";
import { points } from "#contract/money.ts";
import type { BonusRepository } from "./repository.ts";

export const BONUS_HISTORY_PAGE = 20;

/**
 * The shopper's points account as the «Баллы» page reads it (issue 20, point 6): the balance, the cashback
 * waiting per order with the day it becomes spendable, and the ledger page by page. Writes stay with the
 * orders module, which records every entry in the transaction of its cause.
 */
export function createBonusService(repository: BonusRepository) {
  return {
    async account(userId: number): Promise<BonusAccount> {
      const [sums, pending] = await Promise.all([
        repository.balance(userId),
        repository.pendingByOrder(userId),
      ]);
      return {
        balance: points(sums.balance),
        pending: points(sums.pending),
        pendingOrders: pending.map((p) => ({
          orderId: p.orderId,
          number: p.number,
          status: p.status,
          points: points(p.points),
          availableAt: p.dueAt?.toISOString() ?? null,
        })),
      };
    },

    async history(userId: number, before: number | undefined): Promise<BonusHistory> {
      const rows = await repository.historyPage(userId, { limit: BONUS_HISTORY_PAGE + 1, before });
      const page = rows.slice(0, BONUS_HISTORY_PAGE);
      return {
        items: page.map((r) => ({
          id: r.id,
          kind: r.kind,
          kindText: BONUS_KIND_TEXT[r.kind],
          bucket: r.bucket,
          amount: r.amount,
          at: r.createdAt.toISOString(),
          order:
            r.orderId !== null && r.orderNumber !== null ? { id: r.orderId, number: r.orderNumber } : null,
        })),
        next: rows.length > BONUS_HISTORY_PAGE ? page.at(-1)!.id : null,
      };
    },
  };
}
export type BonusService = ReturnType<typeof createBonusService>;
