import { z } from "zod";
import { defineJobType } from "#server/jobs/job-type.ts";

/**
 * Tells the shopper by SMS that an operator answered (ADR 058). Queued in the answer's transaction under
 * the message's id as key, so one answer queues one job. One attempt: the runner claims a job only while
 * it has attempts left and counts the attempt as it claims, so a run that dies after sending is never run
 * again — a lost SMS is better than the same news twice (the answer is on the shopper's page anyway).
 */
export const supportAnswerSmsJob = defineJobType({
  name: "support-answer-sms",
  payload: z.object({ messageId: z.number().int().positive() }),
  maxAttempts: 1,
});
