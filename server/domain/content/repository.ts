import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { contentPages } from "#server/db/schema/index.ts";

export function createContentRepository(db: Database) {
  return {
    async findPage(slug: string) {
      const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
      return row;
    },
    listPages: () =>
      db
        .select({ slug: contentPages.slug, title: contentPages.title, updatedAt: contentPages.updatedAt })
        .from(contentPages)
        .orderBy(asc(contentPages.slug)),
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
