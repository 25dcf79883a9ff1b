import { describe, expect, it, vi } from "vitest";
import { ReadCache } from "./read-cache.ts";

/** Every cache here runs on a clock of its own, never the real one: a busy machine cannot age an entry. */
function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("ReadCache", () => {
  it("loads once and serves the stored value while fresh", async () => {
    const time = clock();
    const cache = new ReadCache<number>({ maxEntries: 10, freshMs: 100, staleMs: 0, now: time.now });
    const load = vi.fn(async () => 42);
    expect(await cache.get("a", load)).toBe(42);
    time.advance(100);
    expect(await cache.get("a", load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, size: 1 });
  });

  it("shares one load between concurrent misses", async () => {
    const cache = new ReadCache<number>({ maxEntries: 10, freshMs: 100, staleMs: 0, now: clock().now });
    const pending = deferred<number>();
    const load = vi.fn(() => pending.promise);
    const both = Promise.all([cache.get("a", load), cache.get("a", load)]);
    pending.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale value while one background load refreshes it", async () => {
    const time = clock();
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 100, staleMs: 1_000, now: time.now });
    await cache.get("a", async () => "old");
    time.advance(500);
    const refresh = deferred<string>();
    const load = vi.fn(() => refresh.promise);
    expect(await cache.get("a", load)).toBe("old");
    expect(await cache.get("a", load)).toBe("old");
    expect(load).toHaveBeenCalledTimes(1);
    refresh.resolve("new");
    await refresh.promise;
    await Promise.resolve();
    expect(await cache.get("a", load)).toBe("new");
    expect(cache.stats().staleHits).toBe(2);
  });

  it("loads afresh once an entry is past its stale window", async () => {
    const time = clock();
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 100, staleMs: 100, now: time.now });
    await cache.get("a", async () => "old");
    time.advance(201);
    expect(await cache.get("a", async () => "new")).toBe("new");
  });

  it("keeps the stale value and reports when a background refresh fails", async () => {
    const time = clock();
    const onRefreshError = vi.fn();
    const cache = new ReadCache<string>({
      maxEntries: 10,
      freshMs: 100,
      staleMs: 1_000,
      now: time.now,
      onRefreshError,
    });
    await cache.get("a", async () => "old");
    time.advance(200);
    expect(await cache.get("a", () => Promise.reject(new Error("db down")))).toBe("old");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onRefreshError).toHaveBeenCalledWith(expect.any(Error), "a");
    expect(await cache.get("a", async () => "unused")).toBe("old");
  });

  it("does not cache failures", async () => {
    const cache = new ReadCache<number>({ maxEntries: 10, freshMs: 100, staleMs: 0, now: clock().now });
    await expect(cache.get("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("a", async () => 1)).toBe(1);
  });

  it("hands an unstorable value to its callers without keeping it", async () => {
    const cache = new ReadCache<number>({ maxEntries: 10, freshMs: 1_000, staleMs: 0, now: clock().now });
    const odd = (n: number) => n % 2 === 1;
    expect(await cache.get("a", async () => 2, [], odd)).toBe(2);
    expect(await cache.get("a", async () => 3, [], odd)).toBe(3);
    expect(await cache.get("a", async () => 5, [], odd)).toBe(3);
  });

  it("drops entries by tag and keeps the others", async () => {
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 1_000, staleMs: 0, now: clock().now });
    await cache.get("p1", async () => "one", ["product:1", "product"]);
    await cache.get("p2", async () => "two", ["product:2", "product"]);
    cache.invalidate("product:1");
    expect(await cache.get("p1", async () => "one again")).toBe("one again");
    expect(await cache.get("p2", async () => "unused")).toBe("two");
    cache.invalidate("product");
    expect(cache.stats().size).toBe(1);
  });

  it("never stores what a load read before an invalidation landed", async () => {
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 1_000, staleMs: 0, now: clock().now });
    const slow = deferred<string>();
    const first = cache.get("a", () => slow.promise, ["catalog"]);
    cache.invalidate("catalog");
    // A caller arriving after the change must not join the load that started before it.
    const second = cache.get("a", async () => "after", ["catalog"]);
    slow.resolve("before");
    expect(await first).toBe("before");
    expect(await second).toBe("after");
    expect(await cache.get("a", async () => "unused")).toBe("after");
  });

  it("lets loads of other tags finish and be kept when one tag is invalidated", async () => {
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 1_000, staleMs: 0, now: clock().now });
    const slow = deferred<string>();
    const load = vi.fn(() => slow.promise);
    const first = cache.get("menu", load, ["catalog"]);
    cache.invalidate("product:5");
    const joined = cache.get("menu", load, ["catalog"]);
    slow.resolve("menu");
    expect(await first).toBe("menu");
    expect(await joined).toBe("menu");
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get("menu", async () => "unused", ["catalog"])).toBe("menu");
  });

  it("judges a load by the tags it has gathered so far, and keeps the entry by all it gathered", async () => {
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 100, staleMs: 0, now: clock().now });
    // A page render notes the data it reads as it goes: product 1 before the change, product 2 never.
    const tags = new Set(["catalog"]);
    const pending = deferred<string>();
    const render = cache.get("page", () => pending.promise, tags);
    tags.add("product:1");
    cache.invalidate("product:2");
    cache.invalidate("product:1");
    pending.resolve("rendered with the old product 1");
    expect(await render).toBe("rendered with the old product 1");
    expect(cache.stats().size).toBe(0);

    const again = new Set(["catalog"]);
    const second = cache.get(
      "page",
      async () => {
        again.add("product:1");
        return "rendered";
      },
      again,
    );
    await second;
    cache.invalidate("product:2");
    expect(cache.stats().size).toBe(1);
    cache.invalidate("product:1");
    expect(cache.stats().size).toBe(0);
  });

  it("finds an invalidation's entries by its tag, not by asking every entry", async () => {
    const cache = new ReadCache<number>({ maxEntries: 2_000, freshMs: 1_000, staleMs: 0, now: clock().now });
    // Tag sets that count the questions put to them: the scan this replaced asked each entry's set.
    let asked = 0;
    class Counted extends Set<string> {
      override has(tag: string) {
        asked++;
        return super.has(tag);
      }
    }
    for (let i = 0; i < 1_000; i++)
      await cache.get(`p${i}`, async () => i, new Counted([`product:${i}`, "catalog"]));
    asked = 0;
    cache.invalidate("product:7");
    cache.invalidate("product:70000");
    expect(asked).toBe(0);
    expect(cache.stats().size).toBe(999);
    expect(await cache.get("p7", async () => -7, ["catalog"])).toBe(-7);
    cache.invalidate("catalog");
    expect(cache.stats().size).toBe(0);
  });

  it("drops an entry stored again by its new tags only, and forgets an evicted entry's tags", async () => {
    const cache = new ReadCache<string>({ maxEntries: 2, freshMs: 1_000, staleMs: 0, now: clock().now });
    await cache.get("page", async () => "old", ["product:1"]);
    cache.invalidate("product:1");
    await cache.get("page", async () => "new", ["product:2"]);
    cache.invalidate("product:1");
    expect(await cache.get("page", async () => "unused")).toBe("new");
    cache.invalidate("product:2");
    expect(cache.stats().size).toBe(0);

    await cache.get("a", async () => "a", ["shared"]);
    await cache.get("b", async () => "b", ["shared"]);
    await cache.get("c", async () => "c", ["shared"]); // evicts "a"
    await cache.get("a", async () => "a again", ["other"]); // evicts "b"
    cache.invalidate("shared");
    expect(cache.stats().size).toBe(1);
    expect(await cache.get("a", async () => "unused")).toBe("a again");
  });

  it("keeps an entry by the tags its load had gathered when it finished", async () => {
    const cache = new ReadCache<string>({ maxEntries: 10, freshMs: 1_000, staleMs: 0, now: clock().now });
    const tags = new Set(["catalog"]);
    await cache.get("page", async () => "rendered", tags);
    // Whoever holds the set afterwards cannot move the kept entry into or out of an invalidation.
    tags.add("product:1");
    tags.delete("catalog");
    cache.invalidate("product:1");
    expect(cache.stats().size).toBe(1);
    cache.invalidate("catalog");
    expect(cache.stats().size).toBe(0);
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const cache = new ReadCache<string>({ maxEntries: 2, freshMs: 1_000, staleMs: 0, now: clock().now });
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    await cache.get("a", async () => "unused");
    await cache.get("c", async () => "c");
    expect(await cache.get("a", async () => "reloaded")).toBe("a");
    expect(await cache.get("b", async () => "reloaded")).toBe("reloaded");
  });

  describe("byte budget", () => {
    /** Values are strings sized by their length; one-letter keys add a byte each. */
    const sized = (maxBytes: number, sizeOf = (value: string) => value.length) =>
      new ReadCache<string>({
        maxEntries: 1_000,
        maxBytes,
        sizeOf,
        freshMs: 1_000,
        staleMs: 1_000,
        now: clock().now,
      });

    it("stays under its budget by evicting the least recently used", async () => {
      const cache = sized(100);
      for (const key of ["a", "b", "c"]) await cache.get(key, async () => key.repeat(29));
      expect(cache.stats().bytes).toBe(90);
      await cache.get("a", async () => "unused");
      await cache.get("d", async () => "d".repeat(29));
      expect(cache.stats()).toMatchObject({ size: 3, bytes: 90, evictions: 1 });
      expect(await cache.get("b", async () => "reloaded")).toBe("reloaded");
      expect(await cache.get("a", async () => "unused")).toBe("a".repeat(29));
    });

    it("fills far beyond the budget and keeps only the newest that fit", async () => {
      const cache = sized(10_000);
      for (let i = 0; i < 1_000; i++) {
        await cache.get(`k${i}`, async () => "x".repeat(1_000 - `k${i}`.length));
        expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
      }
      expect(cache.stats()).toMatchObject({ size: 10, bytes: 10_000, evictions: 990 });
      expect(await cache.get("k990", async () => "reloaded")).not.toBe("reloaded");
      expect(await cache.get("k989", async () => "reloaded")).toBe("reloaded");
    });

    it("hands a value larger than the whole budget to its callers without keeping it or evicting for it", async () => {
      const cache = sized(100);
      await cache.get("a", async () => "small");
      expect(await cache.get("b", async () => "x".repeat(200))).toHaveLength(200);
      expect(cache.stats()).toMatchObject({ size: 1, bytes: 6, evictions: 0 });
    });

    it("counts out what is replaced, invalidated or cleared", async () => {
      const time = clock();
      const cache = new ReadCache<string>({
        maxEntries: 10,
        maxBytes: 1_000,
        sizeOf: (value) => value.length,
        freshMs: 100,
        staleMs: 1_000,
        now: time.now,
      });
      await cache.get("a", async () => "x".repeat(99), ["t"]);
      await cache.get("b", async () => "y".repeat(49));
      time.advance(200);
      const refresh = deferred<string>();
      await cache.get("a", () => refresh.promise, ["t"]);
      refresh.resolve("z".repeat(9));
      await refresh.promise;
      await Promise.resolve();
      expect(cache.stats().bytes).toBe(10 + 50);
      cache.invalidate("t");
      expect(cache.stats().bytes).toBe(50);
      cache.clear();
      expect(cache.stats()).toMatchObject({ size: 0, bytes: 0 });
    });

    it("sizes a value once, when it is stored, never on a hit", async () => {
      const sizeOf = vi.fn((value: string) => value.length);
      const cache = sized(1_000, sizeOf);
      for (let i = 0; i < 5; i++) await cache.get("a", async () => "value");
      expect(sizeOf).toHaveBeenCalledTimes(1);
    });
  });
});
