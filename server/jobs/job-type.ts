import type { z } from "zod";

/**
 * A kind of background job: its name, the shape of its payload and how it is retried (ADR 017). A job
 * type is plain data, so code that enqueues a job (a service, inside its transaction) needs only the type,
 * and the handler that runs it is registered with the runner separately (`handleJob`).
 */
export interface JobType<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  /** Attempts before the job ends `failed`; the first run counts. */
  maxAttempts: number;
  /** Delay before retry n (1-based) is `min(maxMs, baseMs × 2^(n−1))`. */
  backoff: { baseMs: number; maxMs: number };
  /** A recurring job: enqueued once per interval across all instances (the period is its key). */
  every?: { intervalMs: number; payload: z.input<P> };
}

export interface JobTypeOptions<P extends z.ZodType> {
  /** Unique across the application, kebab-case: `expire-unpaid-order`, `send-sms`. */
  name: string;
  payload: P;
  maxAttempts?: number;
  backoff?: { baseMs?: number; maxMs?: number };
  every?: { intervalMs: number; payload: z.input<P> };
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF = { baseMs: 10_000, maxMs: 3_600_000 };

export function defineJobType<P extends z.ZodType>(options: JobTypeOptions<P>): JobType<P> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`job ${options.name}: maxAttempts must be a positive integer`);
  }
  if (options.every && !(options.every.intervalMs > 0)) {
    throw new Error(`job ${options.name}: every.intervalMs must be positive`);
  }
  return {
    name: options.name,
    payload: options.payload,
    maxAttempts,
    backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
    ...(options.every ? { every: options.every } : {}),
  };
}

/** How long to wait before the next attempt after attempt `attempt` (1-based) failed. */
export function retryDelayMs(type: Pick<JobType, "backoff">, attempt: number): number {
  return Math.min(type.backoff.maxMs, type.backoff.baseMs * 2 ** Math.max(0, attempt - 1));
}

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the runner stops and gives up waiting for the job: stop early, the job is retried. */
  signal: AbortSignal;
  logger: JobLogger;
}

export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The code that runs one type of job. It must be idempotent: a job runs at least once, and more than once
 * when a worker dies after the work but before recording it, or when its lease runs out.
 */
export interface JobHandler<P extends z.ZodType = z.ZodType> {
  type: JobType<P>;
  run(payload: z.output<P>, context: JobContext): Promise<void>;
}

export function handleJob<P extends z.ZodType>(
  type: JobType<P>,
  run: (payload: z.output<P>, context: JobContext) => Promise<void>,
): JobHandler<P> {
  return { type, run };
}

/** Thrown by a handler for a failure that no retry can fix: the job ends `failed` at once. */
export class PermanentJobError extends Error {}
