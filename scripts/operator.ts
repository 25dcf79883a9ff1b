/**
 * `npm run operator -- add <phone> <role>` / `remove <phone> <role>` / `list`: manages the back office's
 * operators and admins (ADR 051) on the database `npm start` uses (DATABASE_URL, else the embedded PGlite
 * in .data/pglite). Every change is written to the audit log as done from the command line.
 */
import { openDatabase } from "#server/db/client.ts";
import { migrateExclusively } from "#server/db/startup.ts";
import { createAuditRepository } from "#server/domain/audit/repository.ts";
import { runOperatorCommand, UsageError } from "#server/domain/staff/command.ts";
import { createStaffRepository } from "#server/domain/staff/repository.ts";
import { createStaffService } from "#server/domain/staff/service.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { AppError } from "#server/errors.ts";
import { paths } from "#server/paths.ts";

async function main(): Promise<void> {
  const handle = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: `${paths.data}/pglite`,
  });
  try {
    await migrateExclusively(handle);
    const staff = createStaffService(
      createUnitOfWork(handle.db, (x) => ({
        staff: createStaffRepository(x),
        audit: createAuditRepository(x),
      })),
    );
    for (const line of await runOperatorCommand(staff, process.argv.slice(2))) console.info(line);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof AppError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
