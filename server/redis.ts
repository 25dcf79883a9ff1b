import { Redis } from "ioredis";

export interface RedisHandle {
  client: Redis;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis is optional: with REDIS_URL set, shared state that must outlive one process (rate limits, hot
 * caches) lives there. Commands fail fast instead of queueing forever while Redis is away.
 */
export function openRedis(url: string): RedisHandle {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
  });
  // Connection errors surface through commands (and /readyz); an unhandled 'error' would crash the process.
  client.on("error", () => {});
  return {
    client,
    ping: async () => {
      if (client.status === "wait") await client.connect();
      await client.ping();
    },
    close: async () => {
      client.disconnect();
    },
  };
}
