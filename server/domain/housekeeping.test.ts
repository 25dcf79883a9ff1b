import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  housekeepingJobs,
  purgeInBatches,
  purgeVisitorDataJob,
  VISITOR_LIFETIME_DAYS,
  type PhoneSignInPurgers,
  purgePhoneSignInJob,
  type VisitorDataPurgers,
} from "./housekeeping.ts";

describe("purgeInBatches", () => {
  it("repeats until a batch comes back short, and adds up what was deleted", async () => {
    const results = [3, 3, 1];
    const purge = vi.fn(async (_batch: number) => results.shift() ?? 0);
    expect(await purgeInBatches(purge, 3)).toBe(7);
    expect(purge).toHaveBeenCalledTimes(3);
    expect(purge).toHaveBeenCalledWith(3);
  });

  it("stops after one empty batch", async () => {
    const purge = vi.fn(async () => 0);
    expect(await purgeInBatches(purge, 100)).toBe(0);
    expect(purge).toHaveBeenCalledTimes(1);
  });
});

describe("housekeeping jobs", () => {
  // The jobs take their cut-offs from the clock: a fixed one makes them exact, not "at least".
  const NOW = new Date("2026-11-27T08:00:00.000Z");
  const DAY_MS = 24 * 3600 * 1000;
  const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const purgers = (purge: () => Promise<number>): VisitorDataPurgers & PhoneSignInPurgers => ({
    recentSearches: { purgeBefore: vi.fn(purge) },
    viewed: { purgeBefore: vi.fn(purge) },
    wishlist: { purgeBefore: vi.fn(purge) },
    phoneCodes: { purgeCodesBefore: vi.fn(purge), purgeOutboxBefore: vi.fn(purge) },
  });
  const context = () => ({
    jobId: 1,
    attempt: 1,
    signal: new AbortController().signal,
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });

  it("purges every 6 hours, retried a few times with back-off", () => {
    expect(purgeVisitorDataJob.every?.intervalMs).toBe(6 * 3600 * 1000);
    expect(purgeVisitorDataJob.maxAttempts).toBe(3);
    expect(purgeVisitorDataJob.backoff.baseMs).toBeGreaterThan(0);
  });

  it("purges every kind of visitor data past the cookie's lifetime and logs what it deleted", async () => {
    const services = purgers(async () => 4);
    const [handler] = housekeepingJobs(services);
    const ctx = context();
    await handler!.run({}, ctx);
    const cutoff = (services.recentSearches.purgeBefore as ReturnType<typeof vi.fn>).mock
      .calls[0]![0] as Date;
    expect(cutoff).toEqual(daysBefore(VISITOR_LIFETIME_DAYS));
    expect(services.viewed.purgeBefore).toHaveBeenCalledTimes(1);
    expect(services.wishlist.purgeBefore).toHaveBeenCalledWith(cutoff, expect.any(Number));
    expect(ctx.logger.info).toHaveBeenCalledWith(
      { purged: { recentSearches: 4, viewedProducts: 4, wishlistItems: 4 } },
      "expired visitor data purged",
    );
  });

  it("purges phone codes dead for a day and SMS outbox messages older than 30 days, every 6 hours", async () => {
    expect(purgePhoneSignInJob.every?.intervalMs).toBe(6 * 3600 * 1000);
    const services = purgers(async () => 2);
    const handler = housekeepingJobs(services).find((h) => h.type.name === purgePhoneSignInJob.name)!;
    const ctx = context();
    await handler.run({}, ctx);
    const cutoff = (fn: unknown) => (fn as ReturnType<typeof vi.fn>).mock.calls[0]![0] as Date;
    expect(cutoff(services.phoneCodes.purgeCodesBefore)).toEqual(daysBefore(1));
    expect(cutoff(services.phoneCodes.purgeOutboxBefore)).toEqual(daysBefore(30));
    expect(ctx.logger.info).toHaveBeenCalledWith(
      { purged: { phoneCodes: 2, smsOutbox: 2 } },
      "stale phone sign-in data purged",
    );
  });

  it("says nothing when nothing was deleted, and lets a failure reach the runner (which retries it)", async () => {
    const quiet = context();
    await housekeepingJobs(purgers(async () => 0))[0]!.run({}, quiet);
    expect(quiet.logger.info).not.toHaveBeenCalled();
    const failing = housekeepingJobs(
      purgers(async () => {
        throw new Error("database is away");
      }),
    )[0]!;
    await expect(failing.run({}, context())).rejects.toThrow("database is away");
  });
});
