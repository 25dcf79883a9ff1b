import { type Column, is, Param, Placeholder, type SQL } from "drizzle-orm";
import type { Executor } from "./unit-of-work.ts";

/**
 * A named statement built on its first use and reused after (ADR 075): Drizzle builds a query's SQL from
 * its column objects on every call (a tenth of a signed-in basket's CPU for its three statements), while a
 * named statement's text never changes. A repository holds one per statement; a repository built over a
 * transaction holds its own, bound to that transaction.
 */
export function statementOnce<T>(build: () => T): () => T {
  let statement: T | undefined;
  return () => {
    statement ??= build();
    return statement;
  };
}

/** What this reaches into (pinned Drizzle, both drivers): how a session makes a statement of a query. */
interface DrizzleStatement {
  query: { sql: string; params: unknown[] };
  fields?: unknown;
  _isResponseInArrayMode?: boolean;
  customResultMapper?: unknown;
  queryMetadata?: unknown;
  cacheConfig?: unknown;
  joinsNotNullableMap?: unknown;
}
interface DrizzleSession {
  prepareQuery(
    query: DrizzleStatement["query"],
    fields: unknown,
    name: string,
    isResponseInArrayMode: boolean | undefined,
    customResultMapper: unknown,
    queryMetadata: unknown,
    cacheConfig: unknown,
  ): DrizzleStatement;
}

const sessionOf = (db: Executor) => (db as unknown as { session: DrizzleSession }).session;

/**
 * A named statement whose SQL is built once for the process and prepared on each session that runs it —
 * the database's, and every transaction's (ADR 077). `statementOnce` builds once per repository, and a
 * repository over a transaction lives for that transaction only: an order placement, one transaction of
 * some twenty statements, built them all again each time (a fifth of the placing app's CPU in Drizzle's
 * query building). Here the first call builds the statement with Drizzle as usual; later calls hand the
 * same text, parameters and result mapping to the executor's session, which makes its statement of them
 * (node-postgres: named, parsed once per connection; PGlite: named outside a transaction).
 *
 * Every value must be a placeholder (`sql.placeholder`): a value written into the query would be frozen
 * into every later call — another shopper's id, say — so building one throws.
 */
export function sharedStatement<T>(
  name: string,
  build: (db: Executor, name: string) => T,
): (db: Executor) => T {
  let built: DrizzleStatement | undefined;
  const bySession = new WeakMap<object, T>();
  return (db) => {
    const session = sessionOf(db);
    const known = bySession.get(session);
    if (known) return known;
    let statement: T;
    if (built) {
      const made = session.prepareQuery(
        built.query,
        built.fields,
        name,
        built._isResponseInArrayMode,
        built.customResultMapper,
        built.queryMetadata,
        built.cacheConfig,
      );
      made.joinsNotNullableMap = built.joinsNotNullableMap;
      statement = made as T;
    } else {
      statement = build(db, name);
      const frozen = (statement as DrizzleStatement).query.params.filter(
        (p) => !is(p, Placeholder) && !(is(p, Param) && is(p.value, Placeholder)),
      );
      if (frozen.length > 0) {
        throw new Error(`statement ${name}: ${frozen.length} value(s) not a placeholder would be frozen`);
      }
      built = statement as DrizzleStatement;
    }
    bySession.set(session, statement);
    return statement;
  };
}

/**
 * A statement of hand-written SQL (a writable CTE, say), prepared on `db`'s session under `name`, its rows
 * mapped by `fields` as a Drizzle select maps its own (`columnFields`: the columns the SQL selects, in that
 * order). For `sharedStatement`'s builders.
 */
export function prepareSql<T>(
  db: Executor,
  query: SQL,
  name: string,
  fields: SelectedField[],
): { execute(values: Record<string, unknown>): Promise<T[]> } {
  const dialect = (db as unknown as { dialect: { sqlToQuery(query: SQL): DrizzleStatement["query"] } })
    .dialect;
  return sessionOf(db).prepareQuery(
    dialect.sqlToQuery(query),
    fields,
    name,
    true,
    undefined,
    undefined,
    undefined,
  ) as unknown as { execute(values: Record<string, unknown>): Promise<T[]> };
}

/** How Drizzle maps a selected column onto a result's key. */
export interface SelectedField {
  path: string[];
  field: Column;
}

/** A row of these columns, as Drizzle's own select of them maps it. */
export function columnFields(columns: Record<string, Column>): SelectedField[] {
  return Object.entries(columns).map(([key, column]) => ({ path: [key], field: column }));
}

/** An `int[]` parameter's text (`{1,2,3}`), for `= any($1::int[])` in a statement whose text never varies. */
export function intArray(values: Iterable<number>): string {
  return `{${[...values].map((value) => Math.trunc(value)).join(",")}}`;
}
