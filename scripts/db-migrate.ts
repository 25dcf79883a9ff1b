// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite in .data/.
import { join } from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { migrateExclusively } from "#server/db/startup.ts";
import { paths } from "#server/paths.ts";

const started = performance.now();
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? join(paths.data, "pglite"),
});
// Under the start-up lock, so it is safe while instances are starting against the same database.
await migrateExclusively(database);
await database.close();
console.info(`Migrations applied to ${database.kind} in ${Math.round(performance.now() - started)} ms`);
