import { Redis } from "ioredis";
import type { Logger } from "#server/logger.ts";

export interface RedisHandle {
  client: Redis;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis is optional: with REDIS_URL set, shared state that must outlive one process (rate limits, hot
 * caches) lives there. Commands fail fast instead of queueing forever while Redis is away.
 */
export function openRedis(url: string, logger?: Pick<Logger, "warn" | "info">): RedisHandle {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
  });
  // One line when Redis goes away and one when it is back, however many errors and retries between:
  // meanwhile every limit counts in this process's memory (rate-limiter.ts), and /readyz says `degraded`.
  let downSince: number | undefined;
  let closing = false;
  const lost = (err?: unknown) => {
    if (downSince !== undefined || closing) return;
    downSince = Date.now();
    logger?.warn({ err }, "Redis unreachable: rate and sign-in limits count per process until it is back");
  };
  // An unhandled 'error' would crash the process; connection errors also surface through commands.
  client.on("error", (err) => lost(err));
  client.on("close", () => lost());
  client.on("ready", () => {
    if (downSince === undefined) return;
    logger?.info({ downMs: Date.now() - downSince }, "Redis answers again: limits are shared again");
    downSince = undefined;
  });
  return {
    client,
    ping: async () => {
      if (client.status === "wait") await client.connect();
      await client.ping();
    },
    close: async () => {
      closing = true;
      client.disconnect();
    },
  };
}
