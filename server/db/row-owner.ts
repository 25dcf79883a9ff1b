import { eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { RowOwner } from "#server/domain/actor.ts";

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
