import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { uploads } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Omit<typeof uploads.$inferInsert, "createdAt" | "attachedTo">;

export function createUploadsRepository(db: Executor) {
  return {
    async insert(values: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    /**
     * Attaches the owner's unattached uploads of `purpose` to `attachedTo` (`support_message:12`,
     * `refund:3`, `review:7`); the ids that were attached. Run it in the transaction that writes the object,
     * and refuse the write when fewer came back than were asked (another's photo, one already attached).
     */
    async attach(
      ids: readonly string[],
      owner: { userId: number; purpose: UploadRow["purpose"] },
      attachedTo: string,
    ): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(uploads)
        .set({ attachedTo })
        .where(
          and(
            inArray(uploads.id, [...ids]),
            eq(uploads.ownerUserId, owner.userId),
            eq(uploads.purpose, owner.purpose),
            isNull(uploads.attachedTo),
          ),
        )
        .returning({ id: uploads.id });
      return rows.map((r) => r.id);
    },

    /** Which of these ids have a row. */
    async existing(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(inArray(uploads.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    /** Unattached uploads made before `before`, oldest first (the partial index `uploads_unattached_idx`). */
    async unattachedBefore(before: Date, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(and(isNull(uploads.attachedTo), lt(uploads.createdAt, before)))
        .orderBy(asc(uploads.createdAt))
        .limit(limit);
    },

    /** Removes the row if it is still unattached (an attach racing the purge wins); whether it went. */
    async deleteUnattached(id: string): Promise<boolean> {
      const gone = await db
        .delete(uploads)
        .where(and(eq(uploads.id, id), isNull(uploads.attachedTo)))
        .returning({ id: uploads.id });
      return gone.length > 0;
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
