import type { z } from "zod";
import type { Executor } from "#server/db/unit-of-work.ts";
import type { JobType } from "./job-type.ts";
import { createJobsRepository } from "./repository.ts";

export interface EnqueueOptions {
  /**
   * Idempotency key within the job type: a second enqueue with the same key adds nothing, even after
   * the first job finished (`order:42` for "expire unpaid order 42").
   */
  key?: string;
  /** Not before this time. */
  runAt?: Date;
  /** Not before this many milliseconds from now (database time). */
  delayMs?: number;
}

/**
 * Puts a job on the queue through `executor`: pass the business action's transaction, and the job exists
 * if and only if the action committed (an order and the job that expires it, together). The payload is
 * checked against the type's schema here, so a bad payload fails the caller, not the worker later.
 */
export async function enqueueJob<P extends z.ZodType>(
  executor: Executor,
  type: JobType<P>,
  payload: z.input<P>,
  options: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  // Stored as given (the input form): the worker parses it again, applying defaults and transforms.
  type.payload.parse(payload);
  return createJobsRepository(executor).enqueue({
    name: type.name,
    payload: payload ?? {},
    key: options.key ?? null,
    maxAttempts: type.maxAttempts,
    runAt: options.runAt,
    delayMs: options.delayMs,
  });
}

/**
 * Runs a keyed job again: a finished one (failed after its last attempt) goes back on the queue with all
 * its attempts; one purged since is made anew; one still queued or running is left alone (`pending`). A
 * keyed job is never doubled, so whatever the job does stays once-only (enqueueJob alone would add nothing
 * for a key that exists in any state).
 */
export async function requeueJob<P extends z.ZodType>(
  executor: Executor,
  type: JobType<P>,
  payload: z.input<P>,
  key: string,
): Promise<{ id: number; outcome: "requeued" | "created" | "pending" }> {
  type.payload.parse(payload);
  const repository = createJobsRepository(executor);
  const rearmed = await repository.rearm(type.name, key);
  if (rearmed !== undefined) return { id: rearmed, outcome: "requeued" };
  const { id, created } = await enqueueJob(executor, type, payload, { key });
  return { id, outcome: created ? "created" : "pending" };
}
