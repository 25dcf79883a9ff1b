import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import type pg from "pg";

/**
 * Statement timeouts by the work a query belongs to (ADR 024). An API request runs its handler inside
 * `withStatementTimeout(ms, …)`; every connection the pool hands out within it carries that
 * `statement_timeout`, so PostgreSQL itself cancels a statement past it (SQLSTATE 57014, answered 503
 * `query_timeout` by database-errors.ts). Work outside any request (start-up, jobs, migrations) keeps the
 * server's own setting.
 *
 * PGlite runs queries in this very thread and never fires the timer behind `statement_timeout` (a
 * `pg_sleep(1)` under a 200 ms timeout sleeps the whole second): there the bounds on input size and the
 * rate limits are what keep a request short.
 */
const budget = new AsyncLocalStorage<number>();

/**
 * Runs `work` with every statement it sends to PostgreSQL cancelled by the server after `ms`. Awaited
 * inside, because Drizzle's queries are lazy: one returned unawaited would run outside, when awaited.
 */
export function withStatementTimeout<T>(ms: number, work: () => T | PromiseLike<T>): Promise<T> {
  return budget.run(ms, async () => await work());
}

/** The timeout the current work asked for; undefined outside any request (the server's default). */
export function currentStatementTimeout(): number | undefined {
  return budget.getStore();
}

/** What a pooled session's `statement_timeout` is: ms, or the server's default (a new session's). */
const sessions = new WeakMap<pg.ClientBase, number | "default">();

/**
 * Makes `pool` honour withStatementTimeout. The setting is per session, and a pooled session serves one
 * request after another, so each checkout states its own value (the server's default included): a `SET`
 * (or `RESET`) runs before the connection is handed over, only when the session holds another value, which
 * costs one round trip when a connection passes from one kind of work to another and none otherwise. The
 * value is read when the connection is asked for, not when it is handed over: a client released by another
 * request would otherwise run this request's callback in that request's context. A connection the setting
 * cannot be made on is dropped, and the work gets the error.
 */
export function honourStatementTimeouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const patched = (callback?: ConnectCallback) => {
    const wanted = currentStatementTimeout() ?? "default";
    if (!callback) return (connect() as Promise<pg.PoolClient>).then((client) => prepare(client, wanted));
    // The asker's context, kept by hand: Node 20's `AsyncResource.bind` wraps two deprecation shims
    // around every bound function (2 % of a small API call's CPU, once per statement).
    const asker = new AsyncResource("vitrina.pg.connect");
    return connect((error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) =>
      asker.runInAsyncScope(() => {
        if (error || !client) return callback(error, client, done);
        prepare(client, wanted).then(
          () => callback(undefined, client, done),
          (failure: Error) => callback(failure, undefined, done),
        );
      }),
    );
  };
  pool.connect = patched as typeof pool.connect;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => void;

async function prepare(client: pg.PoolClient, wanted: number | "default"): Promise<pg.PoolClient> {
  if ((sessions.get(client) ?? "default") === wanted) return client;
  try {
    await client.query(
      wanted === "default"
        ? "RESET statement_timeout"
        : `SET statement_timeout = ${Math.max(0, Math.round(wanted))}`,
    );
    sessions.set(client, wanted);
    return client;
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
