import type { Database } from "./client.ts";

/**
 * What a repository runs its queries on: the database itself (each statement commits on its own) or an
 * open transaction. Drizzle's transaction object has the database's whole query API on both drivers
 * (node-postgres and PGlite), so one type covers both and a repository never knows which it got.
 */
export type Executor = Database;

/**
 * Runs `work` in one transaction: everything it does through `tx` commits together, or, when it throws,
 * nothing does (the error is rethrown). On PostgreSQL the transaction holds one pooled connection; on
 * PGlite it holds the single session, so keep the work short and free of outside calls.
 */
export function runInTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

/**
 * A service's repositories, built over the database for plain reads and rebuilt over a transaction for a
 * business action that writes through several of them (checkout: reserve stock, debit points, create the
 * order). The service holds one of these instead of ready-made repositories.
 */
export interface UnitOfWork<R> {
  /** The repositories on the database: for reads and single statements. */
  readonly repositories: R;
  /** Runs `work` with the same repositories bound to one transaction: all of it commits, or none. */
  transaction<T>(work: (repositories: R) => Promise<T>): Promise<T>;
}

export function createUnitOfWork<R>(db: Database, build: (executor: Executor) => R): UnitOfWork<R> {
  return {
    repositories: build(db),
    transaction: (work) => runInTransaction(db, (tx) => work(build(tx))),
  };
}
