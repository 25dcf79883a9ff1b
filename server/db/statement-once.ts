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
