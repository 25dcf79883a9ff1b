import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { paths } from "#server/paths.ts";
import type { DatabaseHandle, Schema } from "./client.ts";

export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: paths.migrations,
    });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: paths.migrations });
  }
}
