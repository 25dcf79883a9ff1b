import type { MiddlewareHandler } from "hono";
import { withStatementTimeout } from "#server/db/statement-timeout.ts";

/**
 * PostgreSQL's statement_timeout for each kind of API request (ADR 024): each is ten times or more the
 * slowest statement such a request makes within its input bounds on 100,000 products, and all stay under
 * the client-side backstop (DATABASE_QUERY_TIMEOUT_MS, 10 s), which is for a server that stopped answering.
 */
export const STATEMENT_TIMEOUT_MS = {
  /** Catalogue and personal reads: listing, facets, product, menus. The heaviest allowed listing ≈ 30 ms. */
  read: 2_000,
  /** Search results: several short statements (match, typo fallback, categories), each ≤ ~70 ms. */
  search: 1_000,
  /** Suggestions as the shopper types (≤ ~30 ms): one later than this is for a query already replaced. */
  suggest: 500,
  /** Writes, which may wait for row locks (checkout): longer, and still well inside the drain on shutdown. */
  write: 5_000,
} as const;
export type StatementKind = keyof typeof STATEMENT_TIMEOUT_MS;

/** Runs the rest of the request with its kind's statement timeout. */
export function statementTimeout(kind: StatementKind): MiddlewareHandler {
  const ms = STATEMENT_TIMEOUT_MS[kind];
  return (_c, next) => withStatementTimeout(ms, next);
}
