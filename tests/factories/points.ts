import type { Executor } from "#server/db/unit-of-work.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";

/**
 * Available points for a shopper, as a welcome accrual on the ledger (the way the demo customers get
 * theirs): the ledger row and the account's sum move together, once per shopper.
 */
export async function grantPoints(db: Executor, userId: number, points: number): Promise<void> {
  await db.transaction(async (tx) => {
    const result = await createBonusRepository(tx).record({
      userId,
      operationKey: `test-welcome:${userId}`,
      kind: "welcome",
      bucket: "available",
      amount: points,
    });
    if (result !== "recorded") throw new Error(`grantPoints: ${result}`);
  });
}
