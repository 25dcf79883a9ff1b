import { type Backoff, backoffDelay, POOL_BACKOFF } from "./backoff.ts";
import { DatabaseUnreachableError } from "./database-errors.ts";

/**
 * Holds back new pool connections while the database refuses them. Without it every request during an
 * outage opens (and loses) a connection of its own, so a busy instance hammers a database that is
 * starting up, and the requests wait for each failed attempt. After a failed connection the gate stays
 * closed for a back-off delay (capped, with jitter), then lets exactly one connection through as a probe;
 * requests meanwhile fail at once with DatabaseUnreachableError (503). Any successful connection, the
 * LISTEN connection's too, opens the gate. Connections already in the pool are not affected.
 */
export class ConnectionGate {
  readonly #backoff: Backoff;
  readonly #now: () => number;
  readonly #random: () => number;
  /** Failures in a row; 0 while the gate is open. */
  #failures = 0;
  #closedUntil = 0;
  #probing = false;
  #lastError: unknown;
  readonly #onOpen = new Set<() => void>();
  readonly #onClose = new Set<(error: unknown) => void>();

  constructor(options: { backoff?: Backoff; now?: () => number; random?: () => number } = {}) {
    this.#backoff = options.backoff ?? POOL_BACKOFF;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
  }

  /**
   * Asks to open a connection. Returns how to report its outcome, or the error to fail with at once.
   * A caller that is let through must call `done` exactly once.
   */
  admit(): { done(error?: unknown): void } | DatabaseUnreachableError {
    if (this.#failures > 0) {
      const waitMs = this.#closedUntil - this.#now();
      if (this.#probing || waitMs > 0) {
        return new DatabaseUnreachableError(
          `database unreachable: new connections are held back for ${Math.max(0, waitMs)} ms`,
          { cause: this.#lastError },
        );
      }
      this.#probing = true;
      return { done: (error) => this.#settle(error, true) };
    }
    return { done: (error) => this.#settle(error, false) };
  }

  /** A connection was made (anywhere): the database answers again. */
  succeeded(): void {
    const wasClosed = this.#failures > 0;
    this.#failures = 0;
    this.#closedUntil = 0;
    this.#probing = false;
    if (wasClosed) for (const listener of this.#onOpen) listener();
  }

  /** Whether new connections are being held back now. */
  get closed(): boolean {
    return this.#failures > 0;
  }

  /** Calls `listener` whenever the gate opens again after being closed. */
  onOpen(listener: () => void): () => void {
    this.#onOpen.add(listener);
    return () => this.#onOpen.delete(listener);
  }

  /** Calls `listener` when a failed connection closes the gate (not on each failed probe after it). */
  onClose(listener: (error: unknown) => void): () => void {
    this.#onClose.add(listener);
    return () => this.#onClose.delete(listener);
  }

  #settle(error: unknown, probe: boolean): void {
    if (error === undefined) {
      this.succeeded();
      return;
    }
    if (probe) this.#probing = false;
    // Connections let through together before the first failure fail together: one step, not several.
    if (!probe && this.#failures > 0) return;
    this.#lastError = error;
    this.#closedUntil = this.#now() + backoffDelay(this.#failures, this.#backoff, this.#random);
    this.#failures++;
    if (this.#failures === 1) for (const listener of this.#onClose) listener(error);
  }
}
