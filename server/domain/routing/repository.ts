import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { sharedStatement } from "#server/db/statement-once.ts";
import { redirects } from "#server/db/schema/index.ts";

/** Every page rendered for a request looks its address up first: named (ADR 075), built once (ADR 077). */
const redirectOfPath = sharedStatement("redirect_of_path", (db, name) =>
  db
    .select({ target: redirects.target })
    .from(redirects)
    .where(eq(redirects.path, sql.placeholder("path")))
    .prepare(name),
);

export function createRoutingRepository(db: Database) {
  return {
    async findRedirect(path: string) {
      const [row] = await redirectOfPath(db).execute({ path });
      return row?.target;
    },
  };
}
export type RoutingRepository = ReturnType<typeof createRoutingRepository>;
