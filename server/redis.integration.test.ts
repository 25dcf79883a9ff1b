import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createServices } from "#server/domain/services.ts";
import { createApp } from "#server/http/app.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { openRedis } from "./redis.ts";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.info("[redis suite] REDIS_URL is not set: the live Redis checks are skipped.");

async function appWithRedis(url: string) {
  const { database } = await getTestContext();
  const redis = openRedis(url);
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test" }),
    services: createServices(database.db),
    logger: createLogger("silent"),
    checks: { database: database.ping, redis: redis.ping },
  });
  return { app, redis };
}

describe("Redis readiness", () => {
  it("reports Redis unreachable (503) when it cannot be reached", async () => {
    const { app, redis } = await appWithRedis("redis://127.0.0.1:1");
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: "ok", redis: "unreachable" });
    await redis.close();
  });

  // With REDIS_URL set (CI), this must pass: an unreachable Redis fails the run rather than skipping.
  it.runIf(redisUrl)("reports ready with a live Redis", async () => {
    const { app, redis } = await appWithRedis(redisUrl!);
    const res = await app.request("/readyz");
    expect(await res.json()).toEqual({ status: "ok", database: "ok", redis: "ok" });
    await redis.client.set("vitrina:test:ping", "1", "EX", 5);
    expect(await redis.client.get("vitrina:test:ping")).toBe("1");
    await redis.close();
  });
});
