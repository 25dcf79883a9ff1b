import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./unit-of-work.ts";

/**
 * Deletes up to `limit` rows of `table` that match `where`, in one short statement (a purge's batch,
 * server/domain/housekeeping.ts: few row locks, no long transaction); how many it deleted. `key` is the
 * table's primary key column.
 */
export async function deleteBatch(
  db: Executor,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const batch = db.select({ key }).from(table).where(where).limit(limit);
  const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
  return deleted.length;
}
