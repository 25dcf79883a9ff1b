import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchQuerySchema } from "#contract/search.ts";
import { CATALOG_CHANNEL } from "#server/cache/catalog-changes.ts";
import { createServices } from "#server/composition/services.ts";
import { createScratchCatalog, type ScratchCatalog } from "#tests/fixtures/scratch-catalog.ts";
import { type StreamingReplica, startStreamingReplica } from "#tests/fixtures/streaming-replica.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

/**
 * Catalogue reads on a real streaming replica of the test server (ADR 070, issue 23 point 7): a second
 * cluster from `pg_basebackup`, following the primary. What a shopper reads from the catalogue comes from
 * the replica while it keeps up; an announced change is never read old; a lagging or lost replica hands
 * its reads to the primary without an error.
 */
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const onStandby = async (db: DatabaseHandle["db"]) =>
  rows<{ standby: boolean }>(await db.execute(sql`SELECT pg_is_in_recovery() AS standby`))[0]!.standby;

describe.runIf(testDriver() === "postgres")("catalogue reads on a streaming replica", () => {
  let catalog: ScratchCatalog;
  let replica: StreamingReplica;
  let handle: DatabaseHandle;
  let productId: number;

  /** The replica has replayed everything the primary wrote, and the router has seen it. */
  const settled = async () => {
    await replica.caughtUp();
    await handle.replicas!.probe();
  };
  const replicaReads = () => handle.replicas!.state()[0]!.reads;

  beforeAll(async () => {
    catalog = await createScratchCatalog("replica", 5);
    replica = await startStreamingReplica(process.env.TEST_DATABASE_URL ?? "");
    handle = await openDatabase({
      url: catalog.url,
      replicaUrls: [replica.urlFor(catalog.url)],
      replicaProbeEveryMs: 100,
      poolSize: 3,
    });
    productId = Number(
      rows<{ id: number }>(await handle.db.execute(sql`SELECT min(id) AS id FROM products`))[0]!.id,
    );
    await settled();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await replica?.remove();
    await catalog?.drop();
  });

  it("reads the catalogue on the replica; writes and the shopper's own data stay on the primary", async () => {
    expect(handle.replicas!.state()[0]).toMatchObject({ up: true, eligible: true });
    expect(await onStandby(handle.readDb)).toBe(true);
    expect(await onStandby(handle.db)).toBe(false);
    // A read transaction (search's fuzzy match) runs on the replica too; nothing can write there.
    expect(await handle.readDb.transaction(async (tx) => onStandby(tx as never))).toBe(true);
    await expect(
      handle.readDb.execute(sql`UPDATE products SET name = name WHERE id = ${productId}`),
    ).rejects.toThrow();

    const services = createServices(handle.db, { readDb: handle.readDb });
    const before = replicaReads();
    const product = await services.catalog.getProduct(productId);
    expect(replicaReads()).toBeGreaterThan(before);
    const afterProduct = replicaReads();
    const found = await services.search.search(searchQuerySchema.parse({ q: product.name }));
    expect(found.items.map((item) => item.id)).toContain(productId);
    expect(replicaReads()).toBeGreaterThan(afterProduct);
    // The basket is the shopper's: it reads on the primary.
    const reads = replicaReads();
    await services.basket.get({ kind: "visitor", visitorId: crypto.randomUUID() }, undefined);
    expect(replicaReads()).toBe(reads);
  });

  it("never reads an announced change old from a replica that has not replayed it", async () => {
    const services = createServices(handle.db, { readDb: handle.readDb });
    const announced: string[] = [];
    const subscription = await handle.listen(CATALOG_CHANNEL, { onMessage: (p) => announced.push(p) });
    try {
      await replica.pauseReplay();
      const renamed = `Переименованный товар ${Date.now()}`;
      await handle.db.execute(sql`UPDATE products SET name = ${renamed} WHERE id = ${productId}`);
      // The replica still holds the old name: read there it would be stale. Asked of the replica itself:
      // through the router, a probe that found it behind would send the read to the primary.
      const onReplica = new pg.Client({ connectionString: replica.urlFor(catalog.url) });
      await onReplica.connect();
      try {
        const held = await onReplica.query<{ name: string }>("SELECT name FROM products WHERE id = $1", [
          productId,
        ]);
        expect(held.rows[0]!.name).not.toBe(renamed);
      } finally {
        await onReplica.end();
      }
      await expect.poll(() => announced.length, { timeout: 5_000 }).toBeGreaterThan(0);
      // Announced: the catalogue now reads it on the primary, however long the replica lags.
      const reads = replicaReads();
      expect((await services.catalog.getProduct(productId)).name).toBe(renamed);
      expect(replicaReads()).toBe(reads);
      await new Promise((resolve) => setTimeout(resolve, 300)); // three probes
      expect((await services.catalog.getProduct(productId)).name).toBe(renamed);
      expect(handle.replicas!.state()[0]).toMatchObject({ up: true, eligible: false });

      await replica.resumeReplay();
      await settled();
      expect(handle.replicas!.state()[0]!.eligible).toBe(true);
      expect((await services.catalog.getProduct(productId)).name).toBe(renamed);
      expect(replicaReads()).toBeGreaterThan(reads);
    } finally {
      await replica.resumeReplay().catch(() => {});
      await subscription.close();
    }
  });

  it("sends a lost replica's reads to the primary without an error, and takes it back once it is up", async () => {
    // Probed only when asked, so the first read meets the lost replica before any probe has noticed it.
    const lone = await openDatabase({
      url: catalog.url,
      replicaUrls: [replica.urlFor(catalog.url)],
      replicaProbeEveryMs: 3_600_000,
      poolSize: 2,
    });
    try {
      await replica.caughtUp();
      await lone.replicas!.probe();
      expect(await onStandby(lone.readDb)).toBe(true);
      await replica.kill();
      // The read fails on the replica and is answered by the primary.
      expect(await onStandby(lone.readDb)).toBe(false);
      expect(lone.replicas!.state()[0]).toMatchObject({ up: false, eligible: false, failedOver: 1 });
      for (let i = 0; i < 5; i++) expect(await onStandby(lone.readDb)).toBe(false);
      expect(lone.replicas!.state()[0]!.failedOver).toBe(1);

      await replica.start();
      // The pool's connection gate backs off up to 5 s after the failure before it tries the replica again.
      await expect
        .poll(
          async () => {
            await lone.replicas!.probe();
            return lone.replicas!.state()[0]!.eligible;
          },
          { timeout: 20_000, interval: 250 },
        )
        .toBe(true);
      expect(await onStandby(lone.readDb)).toBe(true);
    } finally {
      await lone.close();
    }
  }, 40_000);
});
