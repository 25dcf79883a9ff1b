import { describe, expect, it } from "vitest";
import { DEFAULT_SEED, deriveSeed, hashString, mulberry32, Random } from "./random.ts";

describe("mulberry32", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(seqA);
  });

  it("stays in [0, 1)", () => {
    const next = mulberry32(DEFAULT_SEED);
    const draws = Array.from({ length: 10_000 }, () => next());
    expect(draws.filter((x) => !(x >= 0 && x < 1))).toEqual([]);
  });
});

describe("Random", () => {
  it("gives the same sequence of helpers for the same seed", () => {
    const run = (seed: number) => {
      const r = new Random(seed);
      return [
        r.int(1, 6),
        r.pick(["a", "b", "c"]),
        r.chance(0.5),
        r.shuffle([1, 2, 3, 4]),
        r.weighted([
          ["x", 1],
          ["y", 3],
        ]),
      ];
    };
    expect(run(7)).toEqual(run(7));
  });

  it("int() covers both bounds and nothing outside", () => {
    const r = new Random(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(r.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("weighted() follows the weights", () => {
    const r = new Random(2);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++)
      if (
        r.weighted([
          ["light", 1],
          ["heavy", 9],
        ] as const) === "heavy"
      )
        heavy++;
    expect(heavy / 10_000).toBeGreaterThan(0.85);
    expect(heavy / 10_000).toBeLessThan(0.95);
  });

  it("shuffle() and sample() keep the items", () => {
    const r = new Random(3);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    const sample = r.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
    expect(r.sample([1, 2], 5)).toHaveLength(2);
  });

  it("pick() refuses an empty list", () => {
    expect(() => new Random(1).pick([])).toThrow();
  });
});

describe("deriveSeed", () => {
  it("is stable and separates keys", () => {
    expect(deriveSeed(1, "product", 5)).toBe(deriveSeed(1, "product", 5));
    expect(deriveSeed(1, "product", 5)).not.toBe(deriveSeed(1, "product", 6));
    expect(deriveSeed(1, "product", 5)).not.toBe(deriveSeed(2, "product", 5));
    expect(hashString("abc")).toBe(hashString("abc"));
  });
});
