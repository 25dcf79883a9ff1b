import { z } from "zod";
import { defineJobType, handleJob, type JobHandler } from "#server/jobs/job-type.ts";
import type { UploadsService } from "./service.ts";

/**
 * Photos uploaded but never attached to a refund, an appeal's message or a review (a form left half
 * filled) are removed a day after upload (ADR 057), their files with them. Hourly, across all instances.
 */
export const purgeUnattachedUploadsJob = defineJobType({
  name: "purge-unattached-uploads",
  payload: z.object({}),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  every: { intervalMs: 3600 * 1000, payload: {} },
});

export function uploadsJobs(services: { uploads: UploadsService }): JobHandler[] {
  return [
    handleJob(purgeUnattachedUploadsJob, async (_payload, { logger }) => {
      const deleted = await services.uploads.purgeUnattached();
      if (deleted > 0) logger.info({ deleted }, "unattached uploads purged");
    }),
  ];
}
