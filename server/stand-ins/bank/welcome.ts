import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { SignedInWithBank } from "#server/domain/bank-sign-in/service.ts";
import type { BonusRepository } from "#server/domain/bonus/repository.ts";
import { customerBySub, DEMO_WELCOME_POINTS } from "./customers.ts";

/**
 * The stand-in bank's demo customers come with points, so paying with points can be tried at once: one
 * welcome accrual per account on the bonus ledger, however many times they sign in. The composition root
 * hands this to the bank sign-in (`afterSignIn`) only while the stand-in is the bank: a real bank's
 * customers, even one whose subject happened to match a demo one, get nothing from it.
 */
export function welcomeDemoCustomers(bonus: UnitOfWork<BonusRepository>) {
  return async ({ userId, subject }: SignedInWithBank): Promise<void> => {
    if (!customerBySub(subject)) return;
    await bonus.transaction((ledger) =>
      ledger.record({
        userId,
        operationKey: `welcome:${userId}`,
        kind: "welcome",
        bucket: "available",
        amount: DEMO_WELCOME_POINTS,
      }),
    );
  };
}
