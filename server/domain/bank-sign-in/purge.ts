import { z } from "zod";
import { PURGE_BATCH } from "#server/domain/housekeeping.ts";
import { defineJobType, handleJob, type JobHandler } from "#server/jobs/job-type.ts";

/**
 * Housekeeping of the bank round trips (ADR 029, 030): a flow is useless once its 10 minutes are over
 * (the callback refuses it), a pending import once its 30 minutes are, and the bank stand-in's sessions,
 * codes, tokens and grants once they expire (it never reads them again). Each is deleted then, so none
 * of the tables grows with every sign-in ever made.
 */
export interface BankSignInPurgers {
  bankSignIn: {
    purgeFlowsBefore(before: Date, batch: number): Promise<number>;
    purgeImportsBefore(before: Date, batch: number): Promise<number>;
  };
  bankStandIn?: { purgeExpiredBefore(before: Date, batch: number): Promise<number> } | undefined;
}

export async function purgeStaleBankSignInData(
  services: BankSignInPurgers,
  now: Date = new Date(),
  batch: number = PURGE_BATCH,
): Promise<{ authFlows: number; profileImports: number; bankOidcPayloads: number }> {
  return {
    authFlows: await services.bankSignIn.purgeFlowsBefore(now, batch),
    profileImports: await services.bankSignIn.purgeImportsBefore(now, batch),
    bankOidcPayloads: (await services.bankStandIn?.purgeExpiredBefore(now, batch)) ?? 0,
  };
}

export const purgeBankSignInJob = defineJobType({
  name: "purge-stale-bank-sign-in-data",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  every: { intervalMs: 3600 * 1000, payload: {} },
});

export function bankSignInJobs(services: BankSignInPurgers): JobHandler[] {
  return [
    handleJob(purgeBankSignInJob, async (_payload, { logger }) => {
      const purged = await purgeStaleBankSignInData(services);
      if (purged.authFlows + purged.profileImports + purged.bankOidcPayloads > 0) {
        logger.info({ purged }, "stale bank sign-in data purged");
      }
    }),
  ];
}
