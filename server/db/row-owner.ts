import { and, desc, eq, isNotNull, lt, notInArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { RowOwner } from "#server/domain/actor.ts";
import { deleteBatch } from "./delete-batch.ts";
import type { Executor } from "./unit-of-work.ts";

/** A table whose rows belong to a user or to an anonymous visitor (one of the two columns is set). */
export interface OwnedTable {
  userId: PgColumn;
  visitorId: PgColumn;
}

/** The condition "the row is the owner's". */
export function ownedBy(table: OwnedTable, owner: RowOwner): SQL {
  return owner.userId !== undefined ? eq(table.userId, owner.userId) : eq(table.visitorId, owner.visitorId);
}

/** The owner columns of a new row. */
export function ownerColumns(owner: RowOwner): { userId: number } | { visitorId: string } {
  return owner.userId !== undefined ? { userId: owner.userId } : { visitorId: owner.visitorId };
}

/** The unique key a row of the owner conflicts on, for `onConflictDo…({ target })`, with `column`. */
export function ownerTarget(table: OwnedTable, owner: RowOwner, column: PgColumn): [PgColumn, PgColumn] {
  return [owner.userId !== undefined ? table.userId : table.visitorId, column];
}

/** An owned table with a serial id: a list of the owner's, capped, and a visitor's purged when it expires. */
type OwnedList = PgTable & OwnedTable & { id: PgColumn };

/** Deletes the owner's rows of `table` but the newest `keep` (newest by `at`, then by id). */
export async function keepNewestRows(
  db: Executor,
  table: OwnedList,
  at: PgColumn,
  owner: RowOwner,
  keep: number,
): Promise<void> {
  const newest = db
    .select({ id: table.id })
    .from(table)
    .where(ownedBy(table, owner))
    .orderBy(desc(at), desc(table.id))
    .limit(keep);
  await db.delete(table).where(and(ownedBy(table, owner), notInArray(table.id, newest)));
}

/**
 * Deletes up to `limit` anonymous visitors' rows of `table` written (`at`) before `before`; how many it
 * deleted. A user's rows are the account's and stay.
 */
export function purgeVisitorRowsBefore(
  db: Executor,
  table: OwnedList,
  at: PgColumn,
  before: Date,
  limit: number,
): Promise<number> {
  return deleteBatch(db, table, table.id, and(lt(at, before), isNotNull(table.visitorId)), limit);
}
