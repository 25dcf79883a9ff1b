import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter } from "#server/rate-limiter.ts";

/**
 * How many codes and confirmations a phone and a client address get (ADR 028). The 60 s resend
 * cooldown spaces a shopper's own retries; these stop a script: texting one number over and over
 * (phone), texting many numbers from one address (SMS pumping: ip), and guessing codes of many numbers
 * from one address (confirm: each code allows 5 guesses, so a fresh code per number would otherwise
 * buy an attacker 5 guesses a minute for every number they like).
 */
export const PHONE_LIMITS = {
  /** Codes sent to one phone. */
  phone: { points: 5, durationS: 60 * 60 },
  /**
   * Codes requested from one address (IPv4, or an IPv6 /64), whatever the phones: the default of
   * RATE_LIMIT_SMS_ADDRESS, high enough for a mobile carrier's NAT (ADR 028).
   */
  ip: { points: 100, durationS: 60 * 60 },
  /** Code confirmations from one address. */
  confirm: { points: 30, durationS: 10 * 60 },
} as const;

export type PhoneLimit = keyof typeof PHONE_LIMITS;

export interface PhoneLimiters {
  /** Counts one try; the seconds to wait when over the limit. */
  consume(limit: PhoneLimit, key: string): Promise<number | undefined>;
}

/**
 * In this process's memory, or in Redis (shared by every instance) when given one. While Redis does not
 * answer, each instance counts in its own memory: the limits stay on.
 */
export function createPhoneLimiters(
  redis?: Redis,
  budgets: Partial<Record<PhoneLimit, { points: number; durationS: number } | undefined>> = {},
): PhoneLimiters {
  const limiters = new Map<PhoneLimit, RateLimiterAbstract>();
  for (const name of Object.keys(PHONE_LIMITS) as PhoneLimit[]) {
    const budget = budgets[name] ?? PHONE_LIMITS[name];
    limiters.set(
      name,
      createLimiter(
        { keyPrefix: `vitrina:otp:${name}`, points: budget.points, duration: budget.durationS },
        redis,
      ),
    );
  }
  return {
    async consume(limit, key) {
      try {
        await limiters.get(limit)!.consume(key);
        return undefined;
      } catch (refusal) {
        // Anything but a refusal is the limiter's own fault (Redis has its insurance): let the try through.
        if (!(refusal instanceof RateLimiterRes)) return undefined;
        return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      }
    },
  };
}
