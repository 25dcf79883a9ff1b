import { eq, sql } from "drizzle-orm";
import { images, uploads } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export type ImageRow = typeof images.$inferSelect;
export type NewGeneratedImage = Pick<ImageRow, "id" | "recipe" | "width" | "height" | "placeholder">;

export function createImagesRepository(db: Executor) {
  return {
    async find(id: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.id, id));
      return row;
    },

    /** Generated pictures by recipe: one row per recipe however many products share it. */
    async insertGenerated(rows: readonly NewGeneratedImage[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(images)
        .values(rows.map((r) => ({ ...r, source: "generated" as const })))
        .onConflictDoNothing({ target: images.id });
    },

    /**
     * The catalogue picture of an operator's upload: its row copies where the upload is stored, and the
     * upload is attached to it (so the unattached-uploads purge never takes it). Run in one transaction.
     */
    async insertFromUpload(uploadId: string, placeholder: string, createdBy: number): Promise<ImageRow> {
      const [row] = await db
        .insert(images)
        .select(
          db
            .select({
              id: uploads.id,
              source: sql<"upload">`'upload'`.as("source"),
              recipe: sql<null>`null`.as("recipe"),
              storage: uploads.storage,
              storageKey: uploads.storageKey,
              width: uploads.width,
              height: uploads.height,
              placeholder: sql<string>`${placeholder}`.as("placeholder"),
              createdBy: sql<number>`${createdBy}::bigint`.as("created_by"),
              createdAt: uploads.createdAt,
            })
            .from(uploads)
            .where(eq(uploads.id, uploadId)),
        )
        .returning();
      await db
        .update(uploads)
        .set({ attachedTo: `image:${uploadId}` })
        .where(eq(uploads.id, uploadId));
      return row!;
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;
