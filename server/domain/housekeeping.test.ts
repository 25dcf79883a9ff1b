import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { purgeInBatches, scheduleHousekeeping, type VisitorDataPurgers } from "./housekeeping.ts";

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

describe("scheduleHousekeeping", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const logger = () => ({ info: vi.fn(), warn: vi.fn() });
  const purgers = (purge: () => Promise<number>): VisitorDataPurgers => ({
    recentSearches: { purgeBefore: vi.fn(purge) },
    viewed: { purgeBefore: vi.fn(purge) },
  });

  it("runs first after the start-up delay and then at every interval, until stopped", async () => {
    const services = purgers(async () => 0);
    const log = logger();
    const job = scheduleHousekeeping(services, log, { firstRunMs: 1000, intervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(services.recentSearches.purgeBefore).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(services.recentSearches.purgeBefore).toHaveBeenCalledTimes(1);
    expect(services.viewed.purgeBefore).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(services.recentSearches.purgeBefore).toHaveBeenCalledTimes(2);
    // Nothing deleted, nothing said.
    expect(log.info).not.toHaveBeenCalled();
    job.stop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(services.recentSearches.purgeBefore).toHaveBeenCalledTimes(2);
  });

  it("logs what it deleted, and a failure as a warning without stopping the schedule", async () => {
    let calls = 0;
    const services = purgers(async () => {
      calls += 1;
      if (calls <= 2) return 4;
      throw new Error("database is away");
    });
    const log = logger();
    const job = scheduleHousekeeping(services, log, { firstRunMs: 10, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(10);
    expect(log.info).toHaveBeenCalledWith(
      { purged: { recentSearches: 4, viewedProducts: 4 } },
      "expired visitor data purged",
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(services.recentSearches.purgeBefore).toHaveBeenCalledTimes(3);
    job.stop();
  });

  it("never starts a run while the previous one is still going", async () => {
    let release: () => void = () => {};
    const services = purgers(
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(0);
        }),
    );
    const job = scheduleHousekeeping(services, logger(), { firstRunMs: 10, intervalMs: 10 });
    await vi.advanceTimersByTimeAsync(50);
    expect(services.recentSearches.purgeBefore).toHaveBeenCalledTimes(1);
    release();
    job.stop();
  });
});
