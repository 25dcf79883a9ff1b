import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { ZodError } from "zod";
import type { Database } from "#server/db/client.ts";
import { type JobHandler, type JobLogger, PermanentJobError, retryDelayMs } from "./job-type.ts";
import { enqueueJob } from "./queue.ts";
import { type ClaimedJob, createJobsRepository } from "./repository.ts";

export interface JobRunnerOptions {
  db: Database;
  handlers: JobHandler[];
  logger: JobLogger;
  /** Jobs this runner works on at once. */
  concurrency?: number;
  /** How often an idle runner looks for due jobs (it also looks as soon as one of its jobs ends). */
  pollIntervalMs?: number;
  /**
   * A claim lasts this long and is renewed every third of it while the job runs, so only a dead or hung
   * worker's jobs are claimed again, this long after it stopped renewing.
   */
  leaseMs?: number;
  /** Identifies this runner in `locked_by` and the logs. */
  workerId?: string;
  /** The clock recurring jobs' periods are computed from. */
  now?: () => Date;
}

export interface JobRunner {
  readonly workerId: string;
  /** Starts polling; recurring jobs are scheduled on the first poll. */
  start(): void;
  /**
   * One round now: schedules due recurring jobs, claims what fits in the free slots and starts it. Safe to
   * call at any time (rounds never overlap); `start()` calls it on a timer.
   */
  poll(): Promise<void>;
  /** Resolves when none of this runner's jobs is running. */
  idle(): Promise<void>;
  /**
   * Stops claiming, waits up to `timeoutMs` for running jobs, then aborts the rest and hands them back to
   * the queue for another instance. Resolves when nothing of this runner is left in flight.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

const errorText = (err: unknown): string =>
  err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 2_000) : String(err).slice(0, 2_000);

/** A job runner on the jobs table (ADR 017): any number of them, in any number of processes. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const {
    db,
    logger,
    concurrency = 2,
    pollIntervalMs = 1_000,
    leaseMs = 30_000,
    now = () => new Date(),
  } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const repository = createJobsRepository(db);
  const handlers = new Map<string, JobHandler>();
  for (const handler of options.handlers) {
    if (handlers.has(handler.type.name)) throw new Error(`job ${handler.type.name} has two handlers`);
    handlers.set(handler.type.name, handler);
  }
  const names = [...handlers.keys()];
  const recurring = options.handlers.filter((h) => h.type.every);
  /** The last period each recurring type was enqueued for by this runner (saves a query per poll). */
  const scheduled = new Map<string, number>();

  let state: "idle" | "running" | "stopping" | "stopped" = "idle";
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  const active = new Map<number, { done: Promise<void>; abort: AbortController }>();
  let heartbeat: NodeJS.Timeout | undefined;

  const scheduleRecurring = async () => {
    const at = now().getTime();
    for (const { type } of recurring) {
      const every = type.every!;
      const period = Math.floor(at / every.intervalMs);
      if (scheduled.get(type.name) === period) continue;
      // One key per period: every instance tries, the unique index lets one row in.
      const key = `every:${new Date(period * every.intervalMs).toISOString()}`;
      const { id, created } = await enqueueJob(db, type, every.payload, { key });
      scheduled.set(type.name, period);
      if (created) logger.info({ job: type.name, jobId: id, key }, "recurring job scheduled");
    }
  };

  const execute = async (job: ClaimedJob, abort: AbortController) => {
    const handler = handlers.get(job.name)!;
    const details = { job: job.name, jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    logger.info(details, "job started");
    try {
      const payload = handler.type.payload.parse(job.payload);
      await handler.run(payload, { jobId: job.id, attempt: job.attempts, signal: abort.signal, logger });
    } catch (err) {
      // Stopping gave up on the job and hands it back to the queue itself: this attempt does not count.
      if (abort.signal.aborted) {
        logger.warn({ ...details, durationMs: durationMs() }, "job interrupted by shutdown");
        return;
      }
      // A payload that does not parse, or a handler's permanent error, cannot succeed on a retry.
      const permanent = err instanceof ZodError || err instanceof PermanentJobError;
      const final = permanent || job.attempts >= job.maxAttempts;
      const retryInMs = final ? null : retryDelayMs(handler.type, job.attempts);
      const recorded = await repository
        .fail(job.id, workerId, errorText(err), retryInMs)
        .catch((recordErr: unknown) => {
          logger.error({ ...details, err: recordErr }, "job failure could not be recorded");
          return true;
        });
      if (final) logger.error({ ...details, err, durationMs: durationMs() }, "job failed");
      else logger.warn({ ...details, err, durationMs: durationMs(), retryInMs }, "job failed; will retry");
      if (!recorded) logger.warn(details, "job lease was lost before its failure was recorded");
      return;
    }
    const recorded = await repository.complete(job.id, workerId).catch((err: unknown) => {
      // The lease runs out and another worker runs the job again: handlers are idempotent.
      logger.error({ ...details, err }, "job completion could not be recorded");
      return true;
    });
    if (recorded) logger.info({ ...details, durationMs: durationMs() }, "job finished");
    else logger.warn({ ...details, durationMs: durationMs() }, "job finished after its lease was lost");
  };

  const claimAndStart = async () => {
    if (state === "running" || state === "idle") await scheduleRecurring();
    const free = concurrency - active.size;
    if (free <= 0 || names.length === 0) return;
    const abandoned = await repository.failAbandoned(names);
    for (const id of abandoned)
      logger.error({ jobId: id }, "job failed: its lease expired on the last attempt");
    const claimed = await repository.claim(names, free, workerId, leaseMs);
    for (const job of claimed) {
      // Its lease lapsed while it ran here (a renewal came late) and this runner claimed it back: the
      // run under way goes on and records the outcome; a second copy must not start.
      if (active.has(job.id)) {
        logger.warn(
          { job: job.name, jobId: job.id },
          "job lease lapsed while running; reclaimed by its own runner",
        );
        continue;
      }
      const abort = new AbortController();
      const done = execute(job, abort).finally(() => {
        active.delete(job.id);
        if (state === "running") void poll();
      });
      active.set(job.id, { done, abort });
    }
  };

  const poll = (): Promise<void> => {
    if (state === "stopping" || state === "stopped") return Promise.resolve();
    if (round) {
      // A round is under way: run one more right after it, since a slot may have freed meanwhile.
      again = true;
      return round;
    }
    round = (async () => {
      try {
        do {
          again = false;
          await claimAndStart();
        } while (again && state === "running");
      } catch (err) {
        logger.warn({ err }, "job poll failed; trying again at the next interval");
      } finally {
        round = undefined;
        if (state === "running") {
          clearTimeout(timer);
          timer = setTimeout(() => void poll(), pollIntervalMs);
          timer.unref();
        }
      }
    })();
    return round;
  };

  const idle = async () => {
    while (active.size > 0) await Promise.allSettled([...active.values()].map((a) => a.done));
  };

  return {
    workerId,
    start() {
      if (state !== "idle") return;
      state = "running";
      heartbeat = setInterval(
        () => {
          repository
            .extendLease([...active.keys()], workerId, leaseMs)
            .catch((err: unknown) => logger.warn({ err }, "job lease renewal failed"));
        },
        Math.max(10, Math.floor(leaseMs / 3)),
      );
      heartbeat.unref();
      void poll();
    },
    poll,
    idle,
    async stop({ timeoutMs = 10_000 } = {}) {
      if (state === "stopped") return;
      state = "stopping";
      clearTimeout(timer);
      await round;
      let timedOut = false;
      const deadline = new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timedOut = true;
          resolve();
        }, timeoutMs);
        t.unref();
        void idle().then(() => {
          clearTimeout(t);
          resolve();
        });
      });
      await deadline;
      if (timedOut && active.size > 0) {
        const ids = [...active.keys()];
        for (const { abort } of active.values()) abort.abort(new Error("job runner stopping"));
        const released = await repository.release(ids, workerId).catch((err: unknown) => {
          logger.error({ err }, "jobs could not be released; they are retried when their lease expires");
          return 0;
        });
        logger.warn({ jobIds: ids, released }, "job runner stopped before its jobs finished; released them");
      }
      clearInterval(heartbeat);
      state = "stopped";
    },
  };
}
