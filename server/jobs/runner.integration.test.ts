import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { runInTransaction } from "#server/db/unit-of-work.ts";
import { createScratchPostgresDatabase, testDriver } from "#tests/fixtures/test-database.ts";
import {
  defineJobType,
  handleJob,
  type JobLogger,
  type JobType,
  type JobTypeOptions,
  PermanentJobError,
} from "./job-type.ts";
import { enqueueJob } from "./queue.ts";
import { createJobsRepository } from "./repository.ts";
import { createJobRunner, type JobRunner } from "./runner.ts";

/**
 * Two runners on one database, as two app instances would be: on PostgreSQL two connection pools on a
 * scratch database, on PGlite (one process owns it) two runners sharing the one session.
 */
let first: DatabaseHandle;
let second: DatabaseHandle;
let dropScratch: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (testDriver() === "postgres") {
    const scratch = await createScratchPostgresDatabase("jobs");
    dropScratch = scratch.drop;
    first = await openDatabase({ url: scratch.url, poolSize: 4 });
    second = await openDatabase({ url: scratch.url, poolSize: 4 });
  } else {
    first = await openDatabase({});
    second = first;
  }
  await migrate(first);
});

afterAll(async () => {
  await first?.close();
  if (second !== first) await second?.close();
  await dropScratch?.();
});

interface LogLine {
  level: "info" | "warn" | "error";
  details: Record<string, unknown>;
  message: string;
}

function recordingLogger(): JobLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine["level"]) => (details: object, message: string) => {
    lines.push({ level, details: details as Record<string, unknown>, message });
  };
  return { lines, info: at("info"), warn: at("warn"), error: at("error") };
}

let typeCounter = 0;
/** A job type of its own per test, so runners in one test never see another test's jobs. */
function testType(options: Pick<JobTypeOptions<z.ZodType>, "maxAttempts" | "backoff"> = {}) {
  typeCounter += 1;
  return defineJobType({
    name: `test-${typeCounter}-${Date.now()}`,
    payload: z.object({ n: z.number().int() }),
    ...options,
  });
}

/** Reads until `until` holds; fails the test after 30 s. */
async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rowsOf = (type: JobType) =>
  first.db.query.jobs.findMany({ where: (job, { eq }) => eq(job.name, type.name), orderBy: (job) => job.id });

const runners: JobRunner[] = [];
function runner(handle: DatabaseHandle, options: Omit<Parameters<typeof createJobRunner>[0], "db">) {
  const created = createJobRunner({ db: handle.db, pollIntervalMs: 20, ...options });
  runners.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop({ timeoutMs: 1_000 })));
});

describe(`job runner (${testDriver()})`, () => {
  it("runs each of 200 jobs exactly once with two runners competing", async () => {
    const type = testType();
    const runs = new Map<number, number>();
    const byRunner = { a: 0, b: 0 };
    const handler = (who: "a" | "b") =>
      handleJob(type, async ({ n }, { jobId }) => {
        expect(n).toBeGreaterThanOrEqual(0);
        runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
        byRunner[who] += 1;
        // A round trip, so the runners' claims interleave with running jobs.
        await (who === "a" ? first : second).ping();
      });
    // Enqueued in one transaction: they appear to the runners all at once.
    const ids = await runInTransaction(first.db, async (tx) => {
      const out: number[] = [];
      for (let n = 0; n < 200; n++) out.push((await enqueueJob(tx, type, { n })).id);
      return out;
    });
    const a = runner(first, { handlers: [handler("a")], logger: recordingLogger(), concurrency: 4 });
    const b = runner(second, { handlers: [handler("b")], logger: recordingLogger(), concurrency: 4 });
    a.start();
    b.start();
    const rows = await waitFor(
      () => rowsOf(type),
      (r) => r.every((row) => row.state === "done"),
    );
    await Promise.all([a.idle(), b.idle()]);
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    // Both took part: the test is about competition, not one runner doing everything.
    expect(byRunner.a).toBeGreaterThan(0);
    expect(byRunner.b).toBeGreaterThan(0);
    expect(byRunner.a + byRunner.b).toBe(200);
  });

  it("enqueues a key once, and a job enqueued in a rolled-back transaction never exists", async () => {
    const type = testType();
    const once = await enqueueJob(first.db, type, { n: 1 }, { key: "order:42" });
    const again = await enqueueJob(second.db, type, { n: 2 }, { key: "order:42" });
    expect(once.created).toBe(true);
    expect(again).toEqual({ id: once.id, created: false });
    await expect(
      runInTransaction(first.db, async (tx) => {
        await enqueueJob(tx, type, { n: 3 }, { key: "order:43" });
        throw new Error("the business action failed");
      }),
    ).rejects.toThrow("the business action failed");
    expect((await rowsOf(type)).map((r) => r.key)).toEqual(["order:42"]);
    // A payload that does not match the type's schema is refused before it reaches the table.
    await expect(enqueueJob(first.db, type, { n: 1.5 })).rejects.toThrow();
  });

  it("retries a failing job with exponential back-off and ends it failed after the last attempt", async () => {
    const type = testType({ maxAttempts: 3, backoff: { baseMs: 100, maxMs: 10_000 } });
    const attemptsAt: number[] = [];
    const logger = recordingLogger();
    const a = runner(first, {
      logger,
      handlers: [
        handleJob(type, async () => {
          attemptsAt.push(Date.now());
          throw new Error("SMS gateway answered 503");
        }),
      ],
    });
    const { id } = await enqueueJob(first.db, type, { n: 1 });
    a.start();
    const [row] = await waitFor(
      () => rowsOf(type),
      (r) => r[0]?.state === "failed",
    );
    expect(row).toMatchObject({ id, state: "failed", attempts: 3 });
    expect(row?.lastError).toContain("SMS gateway answered 503");
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(attemptsAt).toHaveLength(3);
    // 100 ms after the first failure, 200 ms after the second (1 ms of clock rounding allowed).
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(99);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(199);
    const failures = logger.lines.filter((l) => l.details.jobId === id && l.message.startsWith("job failed"));
    expect(failures.map((l) => [l.level, l.message, l.details.retryInMs, l.details.attempt])).toEqual([
      ["warn", "job failed; will retry", 100, 1],
      ["warn", "job failed; will retry", 200, 2],
      ["error", "job failed", undefined, 3],
    ]);
    expect(failures.every((l) => typeof l.details.durationMs === "number")).toBe(true);
  });

  it("logs start and finish with the duration, and a job that fails once succeeds on its retry", async () => {
    const type = testType({ backoff: { baseMs: 10, maxMs: 10 } });
    const logger = recordingLogger();
    let calls = 0;
    const a = runner(first, {
      logger,
      handlers: [
        handleJob(type, async () => {
          calls += 1;
          if (calls === 1) throw new Error("temporary");
        }),
      ],
    });
    const { id } = await enqueueJob(first.db, type, { n: 1 });
    a.start();
    const [row] = await waitFor(
      () => rowsOf(type),
      (r) => r[0]?.state === "done",
    );
    expect(row).toMatchObject({ state: "done", attempts: 2, lastError: null });
    const mine = logger.lines.filter((l) => l.details.jobId === id).map((l) => l.message);
    expect(mine).toEqual(["job started", "job failed; will retry", "job started", "job finished"]);
    const finished = logger.lines.find((l) => l.details.jobId === id && l.message === "job finished");
    expect(finished?.details).toMatchObject({ job: type.name, attempt: 2 });
    expect(typeof finished?.details.durationMs).toBe("number");
  });

  it("runs again a job whose worker died (its lease ran out), and fails one that died on its last attempt", async () => {
    const type = testType({ maxAttempts: 3 });
    const lastChance = testType({ maxAttempts: 1 });
    const held = testType();
    const repository = createJobsRepository(first.db);
    const retried = await enqueueJob(first.db, type, { n: 1 });
    const abandoned = await enqueueJob(first.db, lastChance, { n: 2 });
    const busy = await enqueueJob(first.db, held, { n: 3 });
    // A live worker holds one job for a minute; another claims two for 50 ms and dies before running them.
    expect(await repository.claim([held.name], 10, "live-worker", 60_000)).toHaveLength(1);
    const claimed = await repository.claim([type.name, lastChance.name], 10, "dead-worker", 50);
    expect(claimed.map((j) => j.id).sort()).toEqual([retried.id, abandoned.id].sort());
    const ran: number[] = [];
    const run = async (_payload: unknown, { jobId }: { jobId: number }) => {
      ran.push(jobId);
    };
    const b = runner(second, {
      logger: recordingLogger(),
      handlers: [handleJob(type, run), handleJob(lastChance, run), handleJob(held, run)],
    });
    b.start();
    const [row] = await waitFor(
      () => rowsOf(type),
      (r) => r[0]?.state === "done",
    );
    expect(row).toMatchObject({ state: "done", attempts: 2, lockedBy: b.workerId });
    const [dead] = await waitFor(
      () => rowsOf(lastChance),
      (r) => r[0]?.state === "failed",
    );
    expect(dead?.lastError).toContain("lease expired");
    // The live worker's job is left alone while its lease holds.
    expect((await rowsOf(held))[0]).toMatchObject({ id: busy.id, state: "running", lockedBy: "live-worker" });
    expect(ran).toEqual([retried.id]);
  });

  it("keeps renewing the lease of a long job, so a competing runner never takes it", async () => {
    const type = testType();
    let release: () => void = () => {};
    const runs = { a: 0, b: 0 };
    const slow = (who: "a" | "b") =>
      handleJob(type, async () => {
        runs[who] += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
    // A 600 ms lease, renewed every 200 ms while the job runs.
    const a = runner(first, { handlers: [slow("a")], logger: recordingLogger(), leaseMs: 600 });
    await enqueueJob(first.db, type, { n: 1 });
    await a.poll();
    a.start();
    const [claimed] = await rowsOf(type);
    const firstLease = claimed!.lockedUntil!.getTime();
    const b = runner(second, { handlers: [slow("b")], logger: recordingLogger(), leaseMs: 600 });
    b.start();
    // Wait until the lease has been pushed well past where it first ended, with B polling all along.
    await waitFor(
      async () => (await rowsOf(type))[0]!.lockedUntil!.getTime(),
      (until) => until > firstLease + 1_200,
    );
    expect(runs).toEqual({ a: 1, b: 0 });
    release();
    await waitFor(
      () => rowsOf(type),
      (r) => r[0]?.state === "done",
    );
    expect((await rowsOf(type))[0]).toMatchObject({ attempts: 1, lockedBy: a.workerId });
    expect(runs).toEqual({ a: 1, b: 0 });
  });

  it("fails at once, without retries, a payload that does not parse or a permanent error", async () => {
    const type = testType({ maxAttempts: 5 });
    const logger = recordingLogger();
    const a = runner(first, {
      logger,
      handlers: [
        handleJob(type, async ({ n }) => {
          if (n === 2) throw new PermanentJobError("заказ не найден");
        }),
      ],
    });
    // Written past the schema check, as a job stored before its payload shape changed would be.
    const stale = await createJobsRepository(first.db).enqueue({
      name: type.name,
      payload: { n: "один" },
      key: null,
      maxAttempts: 5,
    });
    const permanent = await enqueueJob(first.db, type, { n: 2 });
    a.start();
    const rows = await waitFor(
      () => rowsOf(type),
      (r) => r.length === 2 && r.every((row) => row.state === "failed"),
    );
    expect(rows.map((r) => [r.id, r.attempts])).toEqual([
      [stale.id, 1],
      [permanent.id, 1],
    ]);
    expect(rows[1]?.lastError).toContain("заказ не найден");
    // The runner logs a failure after recording it: the second line may follow the rows by a moment.
    await expect
      .poll(() => logger.lines.filter((l) => l.message === "job failed").map((l) => l.details.jobId))
      .toEqual(expect.arrayContaining([stale.id, permanent.id]));
  });

  it("schedules a recurring job once per period with two runners", async () => {
    const sixHours = 6 * 3600 * 1000;
    const type = defineJobType({
      name: `test-purge-${Date.now()}`,
      payload: z.object({}),
      every: { intervalMs: sixHours, payload: {} },
    });
    let clock = new Date("2026-11-24T07:15:00Z");
    const ran: number[] = [];
    const handler = handleJob(type, async (_p, { jobId }) => {
      ran.push(jobId);
    });
    const a = runner(first, { handlers: [handler], logger: recordingLogger(), now: () => clock });
    const b = runner(second, { handlers: [handler], logger: recordingLogger(), now: () => clock });
    await Promise.all([a.poll(), b.poll()]);
    await Promise.all([a.poll(), b.poll()]);
    clock = new Date("2026-11-24T11:59:59Z");
    await Promise.all([a.poll(), b.poll()]);
    expect((await rowsOf(type)).map((r) => r.key)).toEqual(["every:2026-11-24T06:00:00.000Z"]);
    clock = new Date("2026-11-24T12:00:00Z");
    await Promise.all([a.poll(), b.poll()]);
    await Promise.all([a.poll(), b.poll()]);
    const rows = await waitFor(
      async () => {
        await Promise.all([a.poll(), b.poll(), a.idle(), b.idle()]);
        return rowsOf(type);
      },
      (r) => r.length === 2 && r.every((row) => row.state === "done"),
    );
    expect(rows.map((r) => r.key).sort()).toEqual([
      "every:2026-11-24T06:00:00.000Z",
      "every:2026-11-24T12:00:00.000Z",
    ]);
    expect(ran.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("stop() waits for a running job to finish", async () => {
    const type = testType();
    let started: () => void = () => {};
    const hasStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => {};
    const a = runner(first, {
      logger: recordingLogger(),
      handlers: [
        handleJob(type, async () => {
          started();
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
        }),
      ],
    });
    await enqueueJob(first.db, type, { n: 1 });
    a.start();
    await hasStarted;
    let stopped = false;
    const stopping = a.stop({ timeoutMs: 30_000 }).then(() => {
      stopped = true;
    });
    // Several database round trips later, stop() is still waiting for the job.
    for (let i = 0; i < 5; i++) await first.ping();
    expect(stopped).toBe(false);
    expect((await rowsOf(type))[0]?.state).toBe("running");
    finish();
    await stopping;
    expect((await rowsOf(type))[0]).toMatchObject({ state: "done", attempts: 1 });
  });

  it("stop() gives up after its timeout: the job is aborted and handed back to the queue uncounted", async () => {
    const type = testType();
    let started: () => void = () => {};
    const hasStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let aborted = false;
    const a = runner(first, {
      logger: recordingLogger(),
      handlers: [
        handleJob(type, async (_p, { signal }) => {
          started();
          await new Promise<void>((_resolve, reject) => {
            signal.addEventListener("abort", () => {
              aborted = true;
              reject(signal.reason);
            });
          });
        }),
      ],
    });
    await enqueueJob(first.db, type, { n: 1 });
    a.start();
    await hasStarted;
    await a.stop({ timeoutMs: 50 });
    expect(aborted).toBe(true);
    const [row] = await rowsOf(type);
    expect(row).toMatchObject({ state: "queued", attempts: 0, lockedBy: null, lockedUntil: null });
    // Another instance picks it up at once.
    let ranElsewhere = false;
    const b = runner(second, {
      logger: recordingLogger(),
      handlers: [
        handleJob(type, async () => {
          ranElsewhere = true;
        }),
      ],
    });
    b.start();
    await waitFor(
      () => rowsOf(type),
      (r) => r[0]?.state === "done",
    );
    expect(ranElsewhere).toBe(true);
  });
});
