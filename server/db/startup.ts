import { ADVISORY_LOCK, type DatabaseHandle } from "./client.ts";
import { migrate } from "./migrate.ts";
import { isCatalogEmpty, type SeedSummary, seed } from "./seed/index.ts";
import { seedDemoStaff } from "./seed/staff.ts";

interface StartupLogger {
  info(details: object, message: string): void;
}

export interface PrepareOptions {
  /** Products to seed into an empty catalogue. */
  seedProducts: number;
  /** The embedded demo: its operator and admin are made (or kept) at every start (seed/staff.ts). */
  demoStaff?: boolean;
  logger?: StartupLogger;
}

/**
 * Brings the database up to date at start-up: applies pending migrations and seeds an empty catalogue.
 * Several instances may start together against one empty database; without coordination both would
 * create the migrations table, apply the same migration and insert the same seed rows, and one would die
 * on a unique violation. The whole step runs under one advisory lock, so the first instance migrates and
 * seeds while the others wait, then find nothing left to do. Returns the seed summary when this call
 * seeded.
 */
export function prepareDatabase(
  handle: DatabaseHandle,
  { seedProducts, demoStaff, logger }: PrepareOptions,
): Promise<SeedSummary | undefined> {
  return handle.exclusive(ADVISORY_LOCK.startup, async () => {
    await migrate(handle);
    if (demoStaff) await seedDemoStaff(handle.db);
    if (!(await isCatalogEmpty(handle.db))) return undefined;
    logger?.info({ products: seedProducts }, "empty catalogue: seeding");
    const summary = await seed(handle.db, { products: seedProducts });
    logger?.info({ summary }, "seeded");
    return summary;
  });
}

/** Applies pending migrations under the start-up lock (for `npm run db:migrate` and tools). */
export function migrateExclusively(handle: DatabaseHandle): Promise<void> {
  return handle.exclusive(ADVISORY_LOCK.startup, () => migrate(handle));
}
