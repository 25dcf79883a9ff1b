import { typoBudget } from "./edit-distance.ts";
import { switchLayout } from "./keyboard-layout.ts";
import { fleetingVowelStems, normalizeWords } from "./normalize.ts";
import { codeReadings, spellingsOf } from "./spellings.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** Words beyond this many are ignored: no shopper types more, and each one costs index work. */
export const MAX_QUERY_WORDS = 8;

/** One whitespace-separated token of the query as typed. */
export interface QueryToken {
  /** Its normalised words (usually one; "k.crf" gives two). */
  words: string[];
  /** The words of the same keystrokes on the other keyboard layout, when that could be meant. */
  switched: string[] | null;
}

export interface QueryPlan {
  /** The normalised query: what the results are for unless a correction replaces it. */
  text: string;
  tokens: QueryToken[];
}

export function parseQuery(raw: string): QueryPlan {
  const tokens: QueryToken[] = [];
  let count = 0;
  for (const part of raw.trim().split(/\s+/)) {
    const words = normalizeWords(part);
    if (words.length === 0) continue;
    // Keystrokes are converted before punctuation is stripped: on the Russian layout "," is Б and "." is Ю.
    const other = switchLayout(part);
    const switched = other === null ? null : normalizeWords(other);
    tokens.push({
      words,
      switched: switched && switched.length > 0 && switched.join(" ") !== words.join(" ") ? switched : null,
    });
    count += words.length;
    if (count >= MAX_QUERY_WORDS) break;
  }
  return { text: tokens.flatMap((t) => t.words).join(" "), tokens };
}

/**
 * What the repository matches products with; plain data, so the listing's facets can filter by the very
 * same match (see `searchCondition` in the repository).
 */
export interface FtsMatch {
  kind: "fts";
  /** `to_tsquery('russian', …)` text: every word, anywhere in the name or description. */
  query: string;
  /** Every word in the name (weight A): ranks name matches above description-only ones. */
  nameQuery: string;
  /** The words next to each other in the name, in order: ranks the exact phrase highest. */
  phraseQuery: string | null;
}

/** Trigram word similarity with the lower-cased name: the last resort for typos in model names. */
export interface FuzzyMatch {
  kind: "fuzzy";
  text: string;
}

/**
 * What the repository matches products with; plain data, so the listing's facets can filter by the very
 * same match (see `searchCondition` in the repository).
 */
export type SearchMatch = FtsMatch | FuzzyMatch;

/**
 * Other readings of query words, each one word or a phrase: a brand or model word typed in Cyrillic
 * ("айфон" → iphone, "делонги" → de longhi), a model code typed with Cyrillic letters ("а55" → a55),
 * the nominative of a genitive plural with a fleeting vowel ("масок" → маска). A word matches when
 * it or any of its readings does.
 */
export type Alternatives = ReadonlyMap<string, readonly (readonly string[])[]>;

/** Readings beyond these are dropped: each one is another index probe. */
const MAX_ALTERNATIVES = 6;

/**
 * The alternatives of the words. A fleeting-vowel stem is kept only if `knows` it (some word of a
 * product name starts with it), so "смартфон" is not also looked for as "смартфн".
 */
export function wordAlternatives(words: readonly string[], knows: (prefix: string) => boolean): Alternatives {
  const out = new Map<string, string[][]>();
  for (const word of words) {
    if (out.has(word)) continue;
    const found = [...spellingsOf(word), ...codeReadings(word).map((c) => [c])];
    // The stemmer cuts the "а" again: "маска" is indexed and queried as 'маск'.
    for (const stem of fleetingVowelStems(word)) if (knows(stem)) found.push([`${stem}а`]);
    if (found.length > 0) out.set(word, found.slice(0, MAX_ALTERNATIVES));
  }
  return out;
}

/**
 * A `to_tsquery` expression of the words. Each word is quoted, so the parser stems it and reads a
 * compound ("смарт-часы", "8/256") as the phrase PostgreSQL indexed; `normalizeWords` leaves no quote
 * or backslash to escape. A word with alternatives becomes `('айфон' | 'iphone')`; an alternative is
 * matched whole, never as a prefix.
 */
export function toTsQuery(
  words: readonly string[],
  options: { weight?: "A"; prefix?: boolean; operator?: "&" | "<->" } = {},
  alternatives?: Alternatives,
): string {
  const suffix =
    options.prefix || options.weight ? `:${options.prefix ? "*" : ""}${options.weight ?? ""}` : "";
  const whole = options.weight ? `:${options.weight}` : "";
  return words
    .map((w) => {
      const lexeme = `'${w}'${suffix}`;
      const others = alternatives?.get(w);
      if (!others || others.length === 0) return lexeme;
      const readings = others.map((phrase) => phrase.map((x) => `'${x}'${whole}`).join(" <-> "));
      return `(${[lexeme, ...readings].join(" | ")})`;
    })
    .join(` ${options.operator ?? "&"} `);
}

/**
 * A regular expression the lower-cased name of a product must match to match the word in its name:
 * the word less an ending of up to four letters ("смартфонами" is found as "Смартфон"), ё or е. The
 * trigram index answers it from the names alone, while the full-text index also returns every
 * product whose description has a word so starting, to be rechecked one by one — "про" is in nearly
 * every description. Null for a word too short for trigrams.
 */
export function namePattern(word: string): string | null {
  if (word.length < 3) return null;
  const stem = word.slice(0, Math.max(3, word.length - 4));
  return stem.replaceAll(".", "\\.").replaceAll("е", "[её]");
}

export function ftsMatch(words: readonly string[], alternatives?: Alternatives): FtsMatch {
  return {
    kind: "fts",
    query: toTsQuery(words, {}, alternatives),
    nameQuery: toTsQuery(words, { weight: "A" }, alternatives),
    phraseQuery: words.length > 1 ? toTsQuery(words, { weight: "A", operator: "<->" }, alternatives) : null,
  };
}

/** How one token is to be read after the typed query found nothing. */
export interface TokenChoice {
  words: string[];
  how: "as_typed" | "layout" | "corrected" | "unknown";
  /** Total edits of a correction (0 otherwise). */
  distance: number;
}

/**
 * Picks, token by token, the reading that can find products: as typed if the token alone has matches,
 * else the other keyboard layout if that has, else the nearest words of the vocabulary (from either
 * layout, whichever needs fewer edits), else as typed.
 */
export function chooseReadings(
  tokens: readonly QueryToken[],
  hits: { typed: readonly boolean[]; switched: readonly boolean[] },
  vocabulary: Vocabulary,
): TokenChoice[] {
  return tokens.map((token, i) => {
    if (hits.typed[i]) return { words: token.words, how: "as_typed", distance: 0 };
    if (token.switched && hits.switched[i]) return { words: token.switched, how: "layout", distance: 0 };
    const candidates = [
      correctWords(token.words, vocabulary),
      token.switched && correctWords(token.switched, vocabulary),
    ]
      .filter((c): c is { words: string[]; distance: number } => c !== null)
      .sort((a, b) => a.distance - b.distance);
    const best = candidates[0];
    return best
      ? { words: best.words, how: "corrected", distance: best.distance }
      : { words: token.words, how: "unknown", distance: 0 };
  });
}

/** The words with every unknown one replaced by its correction; null if some unknown word has none. */
function correctWords(
  words: readonly string[],
  vocabulary: Vocabulary,
): { words: string[]; distance: number } | null {
  let distance = 0;
  const out: string[] = [];
  for (const word of words) {
    if (vocabulary.has(word)) {
      out.push(word);
      continue;
    }
    const correction = vocabulary.correct(word);
    if (!correction) return null;
    out.push(correction.word);
    distance += correction.distance;
  }
  return distance > 0 ? { words: out, distance } : null;
}

/**
 * Queries to offer when even the corrected query finds nothing («возможно, вы искали …»), most
 * promising first: the query without one of its words (the last first), then each unknown word swapped
 * for one of its near words. The caller keeps those that find products.
 */
export function alternativeQueries(choices: readonly TokenChoice[], vocabulary: Vocabulary): string[] {
  const out = new Set<string>();
  const text = (list: readonly TokenChoice[]) => list.flatMap((c) => c.words).join(" ");
  const full = text(choices);
  if (choices.length > 1) {
    for (let i = choices.length - 1; i >= 0; i--) out.add(text(choices.filter((_, j) => j !== i)));
  }
  choices.forEach((choice, i) => {
    if (choice.how !== "unknown") return;
    for (const word of choice.words) {
      // One edit looser than a typo correction: these are offered, not applied.
      for (const near of vocabulary.nearest(word, 3, Math.min(3, typoBudget(word.length) + 1))) {
        const words = choice.words.map((w) => (w === word ? near.word : w));
        out.add(text(choices.map((c, j) => (j === i ? { ...c, words } : c))));
      }
    }
  });
  out.delete(full);
  out.delete("");
  return [...out];
}
