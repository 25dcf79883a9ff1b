import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { redirects } from "#server/db/schema/index.ts";

export function createRoutingRepository(db: Database) {
  return {
    async findRedirect(path: string) {
      const [row] = await db
        .select({ target: redirects.target })
        .from(redirects)
        .where(eq(redirects.path, sql.placeholder("path")))
        // Named (ADR 075): every page rendered for a request looks its address up first.
        .prepare("redirect_of_path")
        .execute({ path });
      return row?.target;
    },
  };
}
export type RoutingRepository = ReturnType<typeof createRoutingRepository>;
