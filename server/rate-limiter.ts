import type { Redis } from "ioredis";
import {
  type IRateLimiterOptions,
  type IRateLimiterStoreOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible";

/**
 * One rate limiter of the app (page and API budgets, ADR 024; phone sign-in, ADR 028): in this process's
 * memory, or in Redis shared by every instance when given one. A Redis that is not connected is not
 * waited for: an in-memory insurance limiter with the same budget answers, so the limits stay on.
 * `redisOptions` adds Redis-only settings (in-memory blocking of a flood).
 */
export function createLimiter(
  options: IRateLimiterOptions,
  redis: Redis | undefined,
  redisOptions: Partial<IRateLimiterStoreOptions> = {},
): RateLimiterAbstract {
  if (!redis) return new RateLimiterMemory(options);
  // The shared client connects on first use; until it is ready the insurance limiter answers.
  if (redis.status === "wait") redis.connect().catch(() => {});
  return new RateLimiterRedis({
    ...options,
    ...redisOptions,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}
