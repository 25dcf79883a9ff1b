import { AppError } from "#server/errors.ts";

/**
 * Which driver errors mean "the database cannot serve this now" rather than a bug: the shopper gets 503
 * with Retry-After (and pages the 503 screen) instead of a 500, and the log a warning, not a stack trace.
 */
export type DatabaseFault = "unavailable" | "query_timeout" | "busy";

/** Seconds a client is asked to wait: about one back-off step of the pool's connection gate. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * Thrown instead of opening a connection while the pool's connection gate is closed after failed
 * attempts (connection-gate.ts): the request is answered at once rather than adding to a storm.
 */
export class DatabaseUnreachableError extends Error {
  override readonly name = "DatabaseUnreachableError";
  readonly code = "EDBUNREACHABLE";
}

/**
 * A request waited in vain for a free pooled connection while the database itself answers
 * (pool-saturation.ts): this instance is overloaded, not the database down.
 */
export class PoolSaturatedError extends Error {
  override readonly name = "PoolSaturatedError";
  readonly code = "EPOOLBUSY";
}

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EAI_AGAIN",
  "EDBUNREACHABLE",
]);

/**
 * SQLSTATEs outside class 08 (connection exception) that say the server cannot take work: shutting
 * down (57P01 admin, 57P02 crash), starting up or in recovery (57P03), out of connection slots (53300),
 * and session timeouts that end the connection (25P03 idle in transaction, 57P05 idle session).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25P03", "57P05"]);

/** 57014 query_canceled: a statement timeout fired (or someone cancelled the query). */
const QUERY_CANCELED = "57014";
/** 55P03 lock_not_available: a statement waited for a lock longer than lock_timeout. */
const LOCK_NOT_AVAILABLE = "55P03";

/** Messages node-postgres and pg-pool give connection faults that carry no code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  // pg-pool's wait for a free client; pool-saturation.ts tells a saturated pool apart beforehand.
  "timeout exceeded when trying to connect",
  "timeout expired",
  // The client-side backstop (query_timeout): with statement timeouts below it, a query that hits it
  // was not answered at all, so the server or the path to it is gone.
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Connection terminated due to connection timeout",
];

function faultOf(error: unknown): DatabaseFault | undefined {
  if (!error || typeof error !== "object") return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code === QUERY_CANCELED || code === LOCK_NOT_AVAILABLE) return "query_timeout";
    if (code === "EPOOLBUSY") return "busy";
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return "unavailable";
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((known) => message.includes(known)))
    return "unavailable";
  return undefined;
}

/**
 * The fault behind `error`, looking through wrappers (Drizzle's "Failed query" error keeps the driver's
 * error as its cause; AggregateError from a failed connect lists each address tried).
 */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof AppError) return undefined;
    const fault = faultOf(current);
    if (fault) return fault;
    if (typeof current === "object") {
      queue.push((current as { cause?: unknown }).cause);
      const errors = (current as { errors?: unknown }).errors;
      if (Array.isArray(errors)) queue.push(...errors);
    }
  }
  return undefined;
}

/** The 503 an error stands for when it is a database fault; undefined for any other error. */
export function databaseAppError(error: unknown): AppError | undefined {
  const fault = databaseFault(error);
  if (fault === "query_timeout") {
    return new AppError("unavailable", "Запрос выполнялся слишком долго. Попробуйте ещё раз", {
      code: "query_timeout",
      cause: error,
      retryAfterSeconds: DATABASE_RETRY_AFTER_S,
    });
  }
  if (fault === "busy") {
    return new AppError("unavailable", "Сервис перегружен. Попробуйте через несколько секунд", {
      code: "service_busy",
      cause: error,
      retryAfterSeconds: DATABASE_RETRY_AFTER_S,
    });
  }
  if (fault === "unavailable") {
    return new AppError("unavailable", "Сервис временно недоступен. Попробуйте через несколько секунд", {
      code: "database_unavailable",
      cause: error,
      retryAfterSeconds: DATABASE_RETRY_AFTER_S,
    });
  }
  return undefined;
}

/**
 * PostgreSQL's unique_violation (23505), wherever the driver or Drizzle's wrapper (its cause) puts the
 * SQLSTATE: a write that lost a race for a unique value (a phone another account took meanwhile).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
