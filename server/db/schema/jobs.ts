import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Background jobs (ADR 017): rows claimed with `FOR UPDATE SKIP LOCKED`, so any number of app processes
 * can work the queue and each job runs once; a claim is a lease (`locked_until`) that a live worker keeps
 * extending, so the job of a worker that died is claimed again when the lease runs out.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The job type (server/jobs): which handler runs it. */
    name: text("name").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /**
     * Idempotency key within the type: enqueueing a key that exists is a no-op, whatever the existing
     * job's state (recurring jobs use one key per period, so a period runs once across instances).
     */
    key: text("key"),
    /** queued → running → done, or back to queued for a retry, or failed after the last attempt. */
    state: text("state", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    /** Attempts started so far, this one included while running. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** Not before this time: the enqueue's delay, or the back-off after a failed attempt. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The running attempt's lease; past it, another worker may claim the job again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_name_key_idx").on(t.name, t.key),
    // The claim scans only unfinished jobs, oldest due first.
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    // Housekeeping deletes finished jobs by age.
    index("jobs_finished_at_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    check("jobs_state_check", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check("jobs_attempts_check", sql`${t.maxAttempts} >= 1 and ${t.attempts} >= 0`),
  ],
);
