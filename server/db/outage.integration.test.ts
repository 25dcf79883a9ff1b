import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openCaches } from "#server/cache/index.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { createScratchCatalog, type ScratchCatalog } from "#tests/fixtures/scratch-catalog.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";
import { ADVISORY_LOCK, APPLICATION_NAME, type DatabaseHandle, type DatabaseOptions } from "./client.ts";

/** Short bounds, so an outage plays out in seconds: a heartbeat every 200 ms given 300 ms. */
const FAST: Omit<DatabaseOptions, "url"> = {
  poolSize: 3,
  queryTimeoutMs: 1_000,
  connectTimeoutMs: 500,
  heartbeat: { everyMs: 200, timeoutMs: 300 },
};

/** Polls `read` every 50 ms until `until` holds; fails after `ms`. */
async function waitFor<T>(read: () => T | Promise<T>, until: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
    await sleep(50);
  }
}

/** Log lines the database layer writes, by message. */
function recordingLogger() {
  const lines: { at: number; message: string }[] = [];
  const record = (_: unknown, message?: string) => lines.push({ at: Date.now(), message: message ?? "" });
  return { lines, logger: { warn: record, info: record } as unknown as DatabaseOptions["logger"] };
}

function apiOver(handle: DatabaseHandle) {
  return createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    services: createServices(handle.db),
    logger: createLogger("silent"),
    checks: { database: handle.ping },
  });
}

describe.runIf(testDriver() === "postgres")("PostgreSQL going away and coming back (through a proxy)", () => {
  let catalog: ScratchCatalog;

  beforeAll(async () => {
    catalog = await createScratchCatalog("outage");
  });
  afterAll(async () => {
    await catalog?.drop();
  });
  beforeEach(() => {
    catalog.proxy.forward();
    catalog.proxy.clearLog();
  });

  it("a refused outage under load: attempts stay bounded, and one LISTEN connection is left after it", async () => {
    const handle = await catalog.open(FAST);
    let resets = 0;
    const subscription = await handle.listen("catalog_changed", {
      onMessage: () => {},
      onReset: () => resets++,
    });
    await handle.db.execute(sql`select 1`);

    catalog.proxy.refuse();
    catalog.proxy.resetAll();
    catalog.proxy.clearLog();
    // Ten queries a second for six seconds, as requests would make them.
    const failures: unknown[] = [];
    for (let i = 0; i < 60; i++) {
      await handle.db.execute(sql`select 1`).catch((error: unknown) => failures.push(error));
      await sleep(100);
    }
    expect(failures).toHaveLength(60);
    const by = (application: string) =>
      catalog.proxy.attempts.filter((attempt) => attempt.application === application).length;
    // Back-off from 250 ms doubling (full jitter): about 5 tries each in 6 s; a query per request would be 60.
    expect(by(APPLICATION_NAME.listen)).toBeLessThanOrEqual(12);
    expect(by(APPLICATION_NAME.pool)).toBeLessThanOrEqual(12);

    catalog.proxy.forward();
    const healedAt = Date.now();
    // Requests notice first (the pool's gate lets a probe through within its 5 s cap) and wake the listener.
    await waitFor(
      () =>
        handle.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
      (ok) => ok,
      8_000,
    );
    await waitFor(
      () => resets,
      (n) => n === 1,
      8_000,
    );
    expect(Date.now() - healedAt).toBeLessThan(8_000);
    // Long enough for any second retry chain to have connected too.
    await sleep(2_000);
    expect(resets).toBe(1);
    expect(catalog.proxy.open().get(APPLICATION_NAME.listen)).toBe(1);
    expect(await catalog.sessions(APPLICATION_NAME.listen)).toBe(1);
    // Never more than the pool and the listener.
    expect(catalog.proxy.peak().total).toBeLessThanOrEqual((FAST.poolSize ?? 0) + 1);
    await subscription.close();
    await handle.close();
  }, 40_000);

  it("a connection dropped without a FIN is noticed by the heartbeat, and listening resumes once it heals", async () => {
    const { lines, logger } = recordingLogger();
    const handle = await catalog.open({ ...FAST, logger });
    let resets = 0;
    const subscription = await handle.listen("catalog_changed", {
      onMessage: () => {},
      onReset: () => resets++,
    });
    await sleep(500);

    catalog.proxy.blackhole();
    const droppedAt = Date.now();
    const lost = await waitFor(
      () => lines.find((line) => line.message === "LISTEN connection lost"),
      (line) => line !== undefined,
      3_000,
    );
    // Within one heartbeat interval and its timeout (200 + 300 ms), plus scheduling slack.
    expect(lost!.at - droppedAt).toBeLessThan(1_000);
    expect(Date.now() - subscription.confirmedAt()).toBeGreaterThanOrEqual(lost!.at - droppedAt);

    catalog.proxy.forward();
    await waitFor(
      () => resets,
      (n) => n === 1,
      10_000,
    );
    expect(catalog.proxy.open().get(APPLICATION_NAME.listen)).toBe(1);
    await subscription.close();
    await handle.close();
  }, 30_000);

  it("the caches are dropped when a silently dropped listener comes back", async () => {
    const handle = await catalog.open(FAST);
    const caches = await openCaches(
      loadConfig({ NODE_ENV: "test", CACHE_BLIND_S: "1" }),
      handle,
      createLogger("silent"),
    );
    if (!caches) throw new Error("caches are on by default");
    await caches.data.get("k", async () => 1);
    expect(caches.data.stats().size).toBe(1);
    catalog.proxy.blackhole();
    await waitFor(
      () => caches.trusted(),
      (trusted) => !trusted,
      3_000,
    );
    catalog.proxy.forward();
    await waitFor(
      () => caches.trusted(),
      (trusted) => trusted,
      10_000,
    );
    expect(caches.data.stats().size).toBe(0);
    await caches.close();
    await handle.close();
  }, 30_000);

  it("API calls while connections are refused get 503 with Retry-After at once, not a 500 or a wait", async () => {
    const handle = await catalog.open(FAST);
    const app = apiOver(handle);
    expect((await app.request("/api/v1/products?limit=1")).status).toBe(200);

    catalog.proxy.refuse();
    catalog.proxy.resetAll();
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await app.request("/api/v1/products?limit=1");
      const elapsed = performance.now() - started;
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ code: "database_unavailable", type: "unavailable" });
      expect(elapsed).toBeLessThan(FAST.connectTimeoutMs ?? 0);
    }
    await handle.close();
  }, 30_000);

  it("with the database blackholed, /readyz answers 503 within 2 s and a request 503 within its query timeout", async () => {
    const handle = await catalog.open(FAST);
    const app = apiOver(handle);
    expect((await app.request("/readyz")).status).toBe(200);
    // A pooled connection is open and idle: it is the one that will go silent under the request.
    expect((await app.request("/api/v1/products?limit=1")).status).toBe(200);

    catalog.proxy.blackhole();
    let started = performance.now();
    const ready = await app.request("/readyz");
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: "unreachable" });

    started = performance.now();
    const response = await app.request("/api/v1/products?limit=2");
    expect(performance.now() - started).toBeLessThan((FAST.queryTimeoutMs ?? 0) + 1_000);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).not.toBeNull();

    catalog.proxy.forward();
    // The silent connections were dropped, not kept: requests work again.
    await waitFor(
      async () => (await app.request("/api/v1/products?limit=3")).status,
      (status) => status === 200,
      8_000,
    );
    await handle.close();
  }, 30_000);

  it("start-up work under the lock, and waiting for it, run without the query timeout", async () => {
    const first = await catalog.open({ ...FAST, queryTimeoutMs: 300 });
    const second = await catalog.open({ ...FAST, queryTimeoutMs: 300 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = first.exclusive(ADVISORY_LOCK.startup, async () => {
      // A migration's statement longer than the backstop.
      await first.db.execute(sql`select pg_sleep(0.6)`);
      await held;
    });
    await sleep(100);
    // Another instance waits for the lock longer than its query timeout.
    const waiting = second.exclusive(ADVISORY_LOCK.startup, async () => "done");
    await sleep(800);
    release();
    await running;
    expect(await waiting).toBe("done");
    // Requests keep their backstop.
    await expect(second.db.execute(sql`select pg_sleep(1)`)).rejects.toThrow();
    await first.close();
    await second.close();
  }, 30_000);
});
