import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchPostgresDatabase, testDriver } from "#tests/fixtures/test-database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { databaseFault } from "./database-errors.ts";
import { withStatementTimeout } from "./statement-timeout.ts";

/**
 * PostgreSQL only: PGlite never fires statement_timeout (it runs in this thread; see statement-timeout.ts),
 * so there is nothing to observe there.
 */
const postgres = testDriver() === "postgres";

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const timeoutOf = async (db: DatabaseHandle["db"]) =>
  rows(await db.execute(sql`SHOW statement_timeout`))[0]?.statement_timeout;

describe.skipIf(!postgres)("statement timeouts on PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let single: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase("stmt");
    // One connection: every piece of work below shares the very same session.
    single = await openDatabase({ url: scratch.url, poolSize: 1 });
  });
  afterAll(async () => {
    await single?.close();
    await scratch?.drop();
  });

  it("cancels a statement past its work's timeout and leaves the session to the next work's own", async () => {
    const started = performance.now();
    await expect(
      withStatementTimeout(150, () => single.db.execute(sql`SELECT pg_sleep(5)`)),
    ).rejects.toSatisfy((error: unknown) => databaseFault(error) === "query_timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
    // Outside any request: the server's default again, on the same connection.
    expect(await timeoutOf(single.db)).toBe("0");
    expect(await withStatementTimeout(5_000, () => timeoutOf(single.db))).toBe("5s");
    expect(await timeoutOf(single.db)).toBe("0");
    // A transaction is work like any other.
    expect(await withStatementTimeout(700, () => single.db.transaction((tx) => timeoutOf(tx)))).toBe("700ms");
  });

  it("gives work that waited for a busy connection its own timeout, not that of the work that freed it", async () => {
    const slow = withStatementTimeout(5_000, () => single.db.execute(sql`SELECT pg_sleep(0.2)`));
    // Asked for while the only connection is busy: handed over when the slow work releases it.
    const [, waiting] = await Promise.all([slow, withStatementTimeout(300, () => timeoutOf(single.db))]);
    expect(waiting).toBe("300ms");
  });
});
