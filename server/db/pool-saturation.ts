import type pg from "pg";
import { PoolSaturatedError } from "./database-errors.ts";

/** pg-pool's error when a request gave up waiting for a pooled client (connectionTimeoutMillis). */
const POOL_WAIT_TIMEOUT = "timeout exceeded when trying to connect";

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => void;

/**
 * pg-pool gives the same error whether a request waited in vain for a free client of a full pool or the
 * database would not take connections. While the pool holds connections and the connection gate is open
 * (`databaseAnswers`), the database is fine and the pool is merely saturated: the error becomes a
 * PoolSaturatedError (503 `service_busy`, not `database_unavailable`), and `onSaturated` is told so the
 * log says what to tune.
 */
export function reportPoolSaturation(
  pool: pg.Pool,
  databaseAnswers: () => boolean,
  onSaturated: (error: PoolSaturatedError) => void = () => {},
): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const explain = (error: Error | undefined): Error | undefined => {
    if (!error?.message.includes(POOL_WAIT_TIMEOUT) || pool.totalCount === 0 || !databaseAnswers())
      return error;
    const saturated = new PoolSaturatedError(
      `all ${pool.totalCount} pooled connections stayed busy (${pool.waitingCount} requests waiting)`,
      { cause: error },
    );
    onSaturated(saturated);
    return saturated;
  };
  const patched = (callback?: ConnectCallback) => {
    if (!callback) {
      return (connect() as Promise<pg.PoolClient>).catch((error: Error) => {
        throw explain(error);
      });
    }
    return connect((error, client, done) => callback(explain(error), client, done));
  };
  pool.connect = patched as typeof pool.connect;
}
