import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { jobs } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/** A job as a worker holds it while it runs. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  key: string | null;
  attempts: number;
  maxAttempts: number;
}

const claimedColumns = {
  id: jobs.id,
  name: jobs.name,
  payload: jobs.payload,
  key: jobs.key,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
};

const msFromNow = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/**
 * The jobs table. Built over the database or over a transaction (`Executor`): enqueueing inside a
 * business action's transaction makes the job exist exactly when the action committed.
 */
export function createJobsRepository(db: Executor) {
  return {
    /**
     * Adds a job; with a `key` that the type already has (in any state), adds nothing and answers
     * `created: false` with the existing job's id.
     */
    async enqueue(job: {
      name: string;
      payload: unknown;
      key: string | null;
      maxAttempts: number;
      runAt?: Date | undefined;
      delayMs?: number | undefined;
    }): Promise<{ id: number; created: boolean }> {
      const runAt = job.runAt ?? (job.delayMs ? msFromNow(job.delayMs) : undefined);
      const [row] = await db
        .insert(jobs)
        .values({
          name: job.name,
          payload: job.payload,
          key: job.key,
          maxAttempts: job.maxAttempts,
          ...(runAt ? { runAt } : {}),
        })
        .onConflictDoNothing({ target: [jobs.name, jobs.key] })
        .returning({ id: jobs.id });
      if (row) return { id: row.id, created: true };
      const [existing] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.name, job.name), eq(jobs.key, job.key ?? "")));
      if (!existing) throw new Error(`job ${job.name}/${job.key}: conflict without an existing row`);
      return { id: existing.id, created: false };
    },

    /**
     * Puts a finished job of this name and key back on the queue, due now, with all its attempts again
     * (an operator's retry of a job that failed for good). Answers its id, or undefined when no such job
     * finished: it is still queued or running, or was never made (or purged by housekeeping).
     */
    async rearm(name: string, key: string): Promise<number | undefined> {
      const [row] = await db
        .update(jobs)
        .set({
          state: "queued",
          attempts: 0,
          runAt: sql`now()`,
          lockedUntil: null,
          lockedBy: null,
          finishedAt: null,
        })
        .where(and(eq(jobs.name, name), eq(jobs.key, key), inArray(jobs.state, ["done", "failed"])))
        .returning({ id: jobs.id });
      return row?.id;
    },

    /**
     * Claims up to `limit` due jobs of the given types for `worker` until `leaseMs` from now: queued jobs
     * whose time has come, and running jobs whose lease ran out (their worker died) with attempts left.
     * Rows another worker is claiming at the same moment are skipped, never waited for or taken twice.
     */
    claim(names: string[], limit: number, worker: string, leaseMs: number): Promise<ClaimedJob[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.name, names),
            or(
              and(eq(jobs.state, "queued"), lte(jobs.runAt, sql`now()`)),
              and(
                eq(jobs.state, "running"),
                lt(jobs.lockedUntil, sql`now()`),
                lt(jobs.attempts, jobs.maxAttempts),
              ),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      // `= any(array(…))` evaluates the locking sub-select exactly once, before the update.
      return db
        .update(jobs)
        .set({
          state: "running",
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: worker,
          lockedUntil: msFromNow(leaseMs),
        })
        .where(sql`${jobs.id} = any(array(${due}))`)
        .returning(claimedColumns);
    },

    /**
     * Ends running jobs whose lease ran out on their last attempt: the worker died (or hung) every time,
     * so there is no attempt left to give. Returns their ids.
     */
    async failAbandoned(names: string[]): Promise<number[]> {
      const rows = await db
        .update(jobs)
        .set({
          state: "failed",
          finishedAt: sql`now()`,
          lockedUntil: null,
          lastError: "lease expired on the last attempt: the worker stopped or hung",
        })
        .where(
          and(
            inArray(jobs.name, names),
            eq(jobs.state, "running"),
            lt(jobs.lockedUntil, sql`now()`),
            sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
          ),
        )
        .returning({ id: jobs.id });
      return rows.map((r) => r.id);
    },

    /** Keeps `worker`'s running jobs leased for another `leaseMs`. */
    async extendLease(ids: number[], worker: string, leaseMs: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(jobs)
        .set({ lockedUntil: msFromNow(leaseMs) })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, worker), eq(jobs.state, "running")));
    },

    /** Marks the job done; false when `worker` no longer held it (its lease ran out and it was re-claimed). */
    async complete(id: number, worker: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ state: "done", finishedAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, "running")))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Records a failed attempt: queued again after `retryInMs`, or `failed` for good when null. */
    async fail(id: number, worker: string, error: string, retryInMs: number | null): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set(
          retryInMs === null
            ? { state: "failed", finishedAt: sql`now()`, lockedUntil: null, lastError: error }
            : {
                state: "queued",
                runAt: msFromNow(retryInMs),
                lockedUntil: null,
                lockedBy: null,
                lastError: error,
              },
        )
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, "running")))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Hands `worker`'s running jobs back to the queue at once (the runner is stopping and gave up
     * waiting): the interrupted attempt is not counted.
     */
    async release(ids: number[], worker: string): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(jobs)
        .set({
          state: "queued",
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: sql`now()`,
          lockedUntil: null,
          lockedBy: null,
        })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, worker), eq(jobs.state, "running")))
        .returning({ id: jobs.id });
      return rows.length;
    },

    /** Deletes up to `limit` jobs that finished (done or failed) before `before`; returns how many. */
    async purgeFinished(before: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before)))
        .limit(limit);
      const deleted = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
      return deleted.length;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
