import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { startTcpProxy } from "#tests/fixtures/tcp-proxy.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createLimiter } from "./rate-limiter.ts";
import { openRedis } from "./redis.ts";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.info("[redis suite] REDIS_URL is not set: the live Redis checks are skipped.");

/** Waits (up to `timeoutMs`) until `check` passes, and fails with its last error if it never does. */
async function until(check: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** An app whose Redis is at `url`, wired as start.ts wires it, and the lines its Redis handle logged. */
async function appWithRedis(url: string) {
  const { database } = await getTestContext();
  const lines: { level: string; msg: string }[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  const redis = openRedis(url, logger);
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test" }),
    services: createServices(database.db),
    logger: createLogger("silent"),
    checks: { database: database.ping },
    optionalChecks: { redis: redis.ping },
  });
  const readiness = async () => {
    const res = await app.request("/readyz");
    return { status: res.status, body: await res.json() };
  };
  const said = (msg: string) => lines.filter((l) => l.msg.startsWith(msg)).length;
  return { app, redis, readiness, said };
}

describe("Redis readiness: optional, so its outage degrades the shop instead of taking it down", () => {
  it("answers 200 with redis: degraded when Redis cannot be reached, and says so once in the log", async () => {
    const { redis, readiness, said } = await appWithRedis("redis://127.0.0.1:1");
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: "degraded", database: "ok", redis: "degraded" },
    });
    await readiness();
    expect(said("Redis unreachable")).toBe(1);
    await redis.close();
  });

  // With REDIS_URL set (CI), this must pass: an unreachable Redis fails the run rather than skipping.
  it.runIf(redisUrl)("reports ready with a live Redis", async () => {
    const { redis, readiness } = await appWithRedis(redisUrl!);
    expect(await readiness()).toEqual({ status: 200, body: { status: "ok", database: "ok", redis: "ok" } });
    await redis.client.set("vitrina:test:ping", "1", "EX", 5);
    expect(await redis.client.get("vitrina:test:ping")).toBe("1");
    await redis.close();
  });

  it.runIf(redisUrl)(
    "through an outage: still ready, limits kept per process, shared again when Redis is back",
    async () => {
      const target = new URL(redisUrl!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const { redis, readiness, said } = await appWithRedis(proxy.urlFor(redisUrl!));
      const limiter = createLimiter(
        { keyPrefix: `vitrina:test:outage:${process.pid}`, points: 2, duration: 60 },
        redis.client,
      );
      try {
        expect((await readiness()).body).toEqual({ status: "ok", database: "ok", redis: "ok" });
        // Redis goes away: open connections reset, new ones refused.
        proxy.refuse();
        proxy.resetAll();
        await until(() => expect(said("Redis unreachable")).toBe(1));
        expect(await readiness()).toEqual({
          status: 200,
          body: { status: "degraded", database: "ok", redis: "degraded" },
        });
        // The limits still hold, counted in this process.
        const key = `client-${Date.now()}`;
        await limiter.consume(key);
        await limiter.consume(key);
        await expect(limiter.consume(key)).rejects.toMatchObject({ remainingPoints: 0 });
        expect(said("Redis unreachable")).toBe(1);
        // Back: ready as a whole again, and the log says so.
        proxy.forward();
        await until(
          async () => expect((await readiness()).body).toMatchObject({ status: "ok", redis: "ok" }),
          15_000,
        );
        expect(said("Redis answers again")).toBe(1);
      } finally {
        await redis.close();
        await proxy.close();
      }
    },
  );
});
