import { editDistance, typoBudget } from "./edit-distance.ts";
import { isCorrectable, normalizeWords } from "./normalize.ts";

/** How many leading words of a product name make a suggested query ("смартфон samsung galaxy"). */
const HEAD_WORDS = 3;

export interface Correction {
  word: string;
  distance: number;
}

interface Head {
  text: string;
  words: string[];
  /** Its words and the parts of its compounds: "часы" completes to "смарт-часы". */
  keys: string[];
  count: number;
}

/**
 * The words shoppers can mean, taken from product names: typo corrections are picked from them, and
 * the leading words of names ("смартфон", "смартфон samsung") are offered as queries while typing.
 * Built in memory from all names (about 10,000 distinct words for 100,000 products); the service
 * rebuilds it when it grows stale.
 */
export class Vocabulary {
  /** Word → number of names holding it. */
  private readonly words: Map<string, number>;
  /** Correctable words grouped by length, so a correction only compares words of nearby lengths. */
  private readonly byLength = new Map<number, string[]>();
  /** Every word sorted, for prefix look-ups by binary search. */
  private readonly sorted: string[];
  /** Most frequent first. */
  private readonly heads: Head[];

  constructor(words: Map<string, number>, heads: Map<string, number>) {
    this.words = words;
    this.sorted = [...words.keys()].sort();
    for (const word of this.sorted) {
      if (!isCorrectable(word)) continue;
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
    this.heads = [...heads]
      .map(([text, count]) => {
        const words = text.split(" ");
        const keys = words.flatMap((w) => (w.includes("-") ? [w, ...w.split("-")] : [w]));
        return { text, words, keys, count };
      })
      .sort((a, b) => b.count - a.count || a.words.length - b.words.length || (a.text < b.text ? -1 : 1));
  }

  static fromNames(names: Iterable<string>): Vocabulary {
    const builder = new VocabularyBuilder();
    for (const name of names) builder.add(name);
    return builder.build();
  }

  get size(): number {
    return this.words.size;
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  /** Whether some word starts with `prefix` (a word still being typed). */
  hasPrefix(prefix: string): boolean {
    const at = lowerBound(this.sorted, prefix);
    return at < this.sorted.length && this.sorted[at]!.startsWith(prefix);
  }

  /**
   * The word closest to `word` within `maxDistance` edits (by default its typo budget: one edit up to
   * 5 letters, two beyond), preferring the more frequent word on a tie; null when there is none or the
   * word is known as it is.
   */
  correct(word: string, maxDistance = typoBudget(word.length)): Correction | null {
    return this.nearest(word, 1, maxDistance)[0] ?? null;
  }

  /** Up to `limit` words within `maxDistance` edits of `word`, closest and then most frequent first. */
  nearest(word: string, limit: number, maxDistance = typoBudget(word.length)): Correction[] {
    if (!isCorrectable(word) || this.words.has(word) || maxDistance <= 0) return [];
    const found: (Correction & { count: number })[] = [];
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        const distance = editDistance(word, candidate, maxDistance);
        if (distance <= maxDistance) {
          found.push({ word: candidate, distance, count: this.words.get(candidate) ?? 0 });
        }
      }
    }
    found.sort(
      (a, b) =>
        a.distance - b.distance ||
        // A slip rarely hits the first letter: "ьартфон" is less likely than "смартфн".
        Number(b.word[0] === word[0]) - Number(a.word[0] === word[0]) ||
        b.count - a.count ||
        (a.word < b.word ? -1 : 1),
    );
    return found.slice(0, limit).map(({ word: w, distance }) => ({ word: w, distance }));
  }

  /**
   * Queries completing what is being typed: the leading words of product names in which every typed
   * word starts some word ("смар" → "смартфон", "смарт-часы"; "samsung" → "смартфон samsung"), the
   * commonest first.
   */
  complete(typed: readonly string[], limit: number): string[] {
    if (typed.length === 0) return [];
    const out: string[] = [];
    for (const head of this.heads) {
      if (typed.every((t) => head.keys.some((w) => w.startsWith(t)))) {
        out.push(head.text);
        if (out.length === limit) break;
      }
    }
    return out;
  }
}

/** Collects names one by one, so a caller can yield to the event loop between batches. */
export class VocabularyBuilder {
  private readonly words = new Map<string, number>();
  private readonly heads = new Map<string, number>();

  add(name: string): void {
    const words = normalizeWords(name);
    const seen = new Set<string>();
    for (const word of words) {
      seen.add(word);
      // "смарт-часы" is also looked for as "смарт" and "часы".
      if (word.includes("-")) for (const part of word.split("-")) seen.add(part);
    }
    for (const word of seen) {
      if (word.length >= 2) this.words.set(word, (this.words.get(word) ?? 0) + 1);
    }
    // Leading words up to the first number or model code: "смартфон apple iphone", not "… iphone 16".
    let head = "";
    for (const word of words.slice(0, HEAD_WORDS)) {
      if (/\d/.test(word)) break;
      head = head ? `${head} ${word}` : word;
      this.heads.set(head, (this.heads.get(head) ?? 0) + 1);
    }
  }

  build(): Vocabulary {
    return new Vocabulary(this.words, this.heads);
  }
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
