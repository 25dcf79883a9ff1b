/**
 * A small seeded PRNG (mulberry32) so the seed data is identical on every machine and every run:
 * the catalogue, its ids and its screenshots stay stable. Never use Math.random in the seed.
 */

export const DEFAULT_SEED = 20261121;

/** 32-bit FNV-1a hash; used to derive independent streams from one seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes a seed with keys into a new 32-bit seed, so each concern (or each product) gets its own stream. */
export function deriveSeed(seed: number, ...keys: readonly (string | number)[]): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const key of keys) {
    const k = typeof key === "number" ? key >>> 0 : hashString(key);
    h = Math.imul(h ^ k, 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly source: () => number;

  constructor(seed: number) {
    this.source = mulberry32(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.source() * (max - min);
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick() from an empty list");
    return items[Math.floor(this.source() * items.length)] as T;
  }

  /** Index chosen with the given relative weights. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.source() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Picks from `[value, weight]` pairs. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const entry = entries[this.weightedIndex(entries.map(([, w]) => w))];
    if (!entry) throw new Error("weighted() from an empty list");
    return entry[0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.source() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(count, items.length)));
  }
}
