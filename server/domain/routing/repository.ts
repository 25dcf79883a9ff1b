import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { redirects } from "#server/db/schema/index.ts";

export function createRoutingRepository(db: Database) {
  return {
    async findRedirect(path: string) {
      const [row] = await db
        .select({ target: redirects.target })
        .from(redirects)
        .where(eq(redirects.path, path));
      return row?.target;
    },
  };
}
export type RoutingRepository = ReturnType<typeof createRoutingRepository>;
