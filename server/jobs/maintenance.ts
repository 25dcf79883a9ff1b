import { z } from "zod";
import type { Database } from "#server/db/client.ts";
import { purgeInBatches } from "#server/domain/housekeeping.ts";
import { defineJobType, handleJob, type JobHandler } from "./job-type.ts";
import { createJobsRepository } from "./repository.ts";

/** Finished jobs (done or failed) stay this long for inspection, then go. */
export const FINISHED_JOBS_KEPT_DAYS = 14;
const PURGE_BATCH = 5_000;

export const purgeFinishedJobsJob = defineJobType({
  name: "purge-finished-jobs",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  every: { intervalMs: 24 * 3600 * 1000, payload: {} },
});

/** The job queue's own upkeep: keeps the jobs table to two weeks of history. */
export function jobMaintenance(db: Database): JobHandler[] {
  const repository = createJobsRepository(db);
  return [
    handleJob(purgeFinishedJobsJob, async (_payload, { logger }) => {
      const before = new Date(Date.now() - FINISHED_JOBS_KEPT_DAYS * 24 * 3600 * 1000);
      const total = await purgeInBatches((n) => repository.purgeFinished(before, n), PURGE_BATCH);
      if (total > 0) logger.info({ deleted: total }, "finished jobs purged");
    }),
  ];
}
