import { z } from "zod";
import { defineJobType } from "#server/jobs/job-type.ts";

/**
 * Tells the author by SMS that their question about a product was answered (ADR 066). Queued in the
 * answer's transaction under the question's id as key, so a question texts once however often it is
 * answered or the job is enqueued. One attempt, as the support answer's SMS (ADR 058): the runner counts
 * the attempt as it claims, so a run that died after sending is never run again.
 */
export const questionAnswerSmsJob = defineJobType({
  name: "question-answer-sms",
  payload: z.object({ questionId: z.number().int().positive() }),
  maxAttempts: 1,
});
