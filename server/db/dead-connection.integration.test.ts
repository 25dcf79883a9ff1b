import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchCatalog, type ScratchCatalog } from "#tests/fixtures/scratch-catalog.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";
import { ADVISORY_LOCK, IDLE_IN_TRANSACTION_TIMEOUT_MS, LOCK_TIMEOUT_MS, openDatabase } from "./client.ts";
import { databaseFault } from "./database-errors.ts";

/**
 * A placement whose connection died after its stock update (a NAT dropping the flow: the server is not
 * told) used to keep that product's row locked until the server's TCP gave up, two hours; every other
 * placement of the product failed meanwhile (issue 19, point 4). The server now ends a session idle in a
 * transaction, and a statement waiting for a lock gives up after LOCK_TIMEOUT_MS.
 */
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.runIf(testDriver() === "postgres")("a lock held by a connection that died (through a proxy)", () => {
  let catalog: ScratchCatalog;

  beforeAll(async () => {
    catalog = await createScratchCatalog("deadlock", 5);
  });
  afterAll(async () => {
    await catalog?.drop();
  });

  it("every pooled session has the bounds: idle in transaction 15 s, lock waits 5 s, the server's keepalive", async () => {
    expect(IDLE_IN_TRANSACTION_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    const handle = await openDatabase({ url: catalog.url, poolSize: 1 });
    try {
      const show = async (name: string) =>
        rows<Record<string, string>>(await handle.db.execute(sql.raw(`SHOW ${name}`)))[0]![name];
      expect(await show("idle_in_transaction_session_timeout")).toBe(
        `${IDLE_IN_TRANSACTION_TIMEOUT_MS / 1000}s`,
      );
      expect(await show("lock_timeout")).toBe(`${LOCK_TIMEOUT_MS / 1000}s`);
      expect(await show("tcp_keepalives_idle")).toBe("10");
      // The start-up lock still waits as long as another instance's start-up takes, and puts the bound back.
      await handle.exclusive(ADVISORY_LOCK.startup, async () => {});
      expect(await show("lock_timeout")).toBe(`${LOCK_TIMEOUT_MS / 1000}s`);
    } finally {
      await handle.close();
    }
  });

  it("is released by the server once the session sits idle in its transaction; a waiter meanwhile gives up", async () => {
    const idleMs = 2_000;
    const victim = await catalog.open({
      poolSize: 1,
      idleInTransactionTimeoutMs: idleMs,
      queryTimeoutMs: 2_500,
    });
    const other = await openDatabase({ url: catalog.url, poolSize: 2, lockTimeoutMs: 300 });
    try {
      const [row] = rows<{ id: number }>(
        await other.db.execute(
          sql`SELECT product_id AS id FROM inventory WHERE stock > 0 ORDER BY product_id LIMIT 1`,
        ),
      );
      const id = Number(row!.id);
      let frozenAt = 0;
      // The stock update takes the row lock; then the connection goes silent, both ways, mid-transaction.
      const dying = victim.db
        .transaction(async (tx) => {
          await tx.execute(sql`UPDATE inventory SET stock = stock - 1 WHERE product_id = ${id}`);
          catalog.proxy.freezeAll();
          frozenAt = Date.now();
          await tx.execute(sql`SELECT 1`);
        })
        .catch((err: unknown) => err);

      await expect.poll(() => frozenAt).toBeGreaterThan(0);
      // A placement of the same product meanwhile waits at most its lock timeout, then fails as a 503.
      const waited = Date.now();
      const refused = await other.db
        .execute(sql`UPDATE inventory SET stock = stock WHERE product_id = ${id}`)
        .catch((err: unknown) => err);
      expect(Date.now() - waited).toBeLessThan(2_000);
      expect(databaseFault(refused)).toBe("query_timeout");

      // The server ends the idle transaction: the row is free again, its stock untouched.
      let clearedAfterMs = 0;
      await expect
        .poll(
          async () => {
            const ok = await other.db
              .execute(sql`UPDATE inventory SET stock = stock WHERE product_id = ${id}`)
              .then(() => true)
              .catch(() => false);
            if (ok) clearedAfterMs = Date.now() - frozenAt;
            return ok;
          },
          { timeout: idleMs + 5_000, interval: 100 },
        )
        .toBe(true);
      expect(clearedAfterMs).toBeGreaterThanOrEqual(idleMs - 200);
      expect(clearedAfterMs).toBeLessThan(idleMs + 3_000);
      const sessions = await other.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'idle in transaction'`,
      );
      expect(rows<{ n: number }>(sessions)[0]!.n).toBe(0);
      await victim.close().catch(() => {});
      expect(await dying).toBeInstanceOf(Error);
    } finally {
      await other.close();
    }
  });
});
