import pg from "pg";
import type { ConnectionGate } from "./connection-gate.ts";
import { DatabaseUnreachableError } from "./database-errors.ts";

/** Drops a client's socket at once (node-postgres has no public call for it). */
export function destroySocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

export interface PooledClientSettings {
  gate: ConnectionGate;
  /**
   * The client-side backstop for one query, in ms (0: none). Read on every query, so start-up work can
   * lift it (client.ts: `exclusive`).
   */
  queryTimeoutMs(): number;
}

/**
 * The pool's client class (pg.Pool's `Client` option). It asks the connection gate before opening a
 * connection, gives every query the backstop timeout, and drops the connection of a query that hit it:
 * node-postgres only fails the query and keeps it as the active one, so a pooled client whose server
 * went silent would go back to the pool and stall every query queued behind it.
 */
export function pooledClientClass(settings: PooledClientSettings): typeof pg.Client {
  return class PooledClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A checked-out client (a transaction) whose connection dies emits 'error' while the pool has no
      // listener on it; the query in flight gets the error anyway, so this only keeps the process up.
      this.on("error", () => {});
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const admission = settings.gate.admit();
      if (admission instanceof DatabaseUnreachableError) {
        if (!callback) return Promise.reject(admission);
        process.nextTick(() => (callback as (err: Error) => void)(admission));
        return undefined;
      }
      if (!callback) {
        return super.connect().then(
          (client) => {
            admission.done();
            return client;
          },
          (error: unknown) => {
            admission.done(error ?? new Error("connection failed"));
            throw error;
          },
        );
      }
      super.connect((error: Error | null) => {
        admission.done(error ?? undefined);
        (callback as (err: Error | null, c?: pg.Client) => void)(error, this);
      });
      return undefined;
    }

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has a dozen overloads; this passes them through
    override query(...args: any[]): any {
      const timeoutMs = settings.queryTimeoutMs();
      const [first] = args;
      if (timeoutMs > 0 && (typeof first === "string" || isPlainConfig(first))) {
        // A copy: Drizzle may reuse its query config objects.
        const config: { text: string; query_timeout?: number } =
          typeof first === "string" ? { text: first } : { ...(first as { text: string }) };
        config.query_timeout ??= timeoutMs;
        args[0] = config;
      }
      const last = args.at(-1);
      if (typeof last === "function") {
        args[args.length - 1] = (error: Error | undefined, result: unknown) => {
          this.#dropIfTimedOut(error);
          last(error, result);
        };
      }
      // biome-ignore lint/suspicious/noExplicitAny: see above
      const result = (super.query as (...a: any[]) => any)(...args);
      if (result && typeof result.then === "function") {
        result.then(undefined, (error: unknown) => this.#dropIfTimedOut(error));
      }
      return result;
    }

    #dropIfTimedOut(error: unknown): void {
      if (error instanceof Error && error.message === "Query read timeout") destroySocket(this);
    }
  };
}

function isPlainConfig(value: unknown): value is { query_timeout?: number } & Record<string, unknown> {
  return (
    !!value &&
    typeof value === "object" &&
    typeof (value as { submit?: unknown }).submit !== "function" &&
    typeof (value as { text?: unknown }).text === "string"
  );
}
