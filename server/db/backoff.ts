/**
 * Capped exponential back-off with full jitter: the wait before retry `attempt` (0 for the first) is
 * uniform in [0, min(capMs, baseMs · 2^attempt)). The jitter spreads the retries of many instances that
 * lost the database at the same moment, so they do not come back in one wave; the cap bounds how long a
 * healed database waits to be noticed.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
}

/** The LISTEN connection: a quarter of a second at first, then at most one attempt every 30 s. */
export const LISTEN_BACKOFF: Backoff = { baseMs: 250, capMs: 30_000 };

/**
 * New pool connections after a failed one (connection-gate.ts): requests are what notice the database
 * is back, so the cap is short; between tries they are answered 503 at once.
 */
export const POOL_BACKOFF: Backoff = { baseMs: 250, capMs: 5_000 };

/** The ceiling of the wait before retry `attempt`; the actual wait is a random share of it. */
export function backoffCeiling(attempt: number, backoff: Backoff): number {
  // 2^31 overflows nothing in a double, but capping the exponent keeps the arithmetic obviously finite.
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(attempt, 31));
}

export function backoffDelay(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCeiling(attempt, backoff));
}
