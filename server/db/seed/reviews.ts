import type { SectionKey } from "./catalog-types.ts";
import type { Random } from "./random.ts";
import {
  COMMON_PHRASES,
  FEMALE_NAMES,
  MALE_NAMES,
  SECTION_PHRASES,
  SURNAME_INITIALS,
} from "./review-phrases.ts";

export interface ReviewSeed {
  authorName: string;
  rating: number;
  pros: string;
  cons: string;
  text: string;
  createdAt: Date;
}

/** Rating distributions for good, average and poor products (weights of 5, 4, 3, 2, 1 stars). */
const PROFILES: readonly (readonly [readonly number[], number])[] = [
  [[60, 28, 7, 3, 2], 55],
  [[35, 35, 15, 8, 7], 35],
  [[15, 20, 25, 20, 20], 10],
];

/** More popular products collect more reviews: 0 for the obscure, up to 12 for the best sellers. */
export function reviewCountFor(popularity: number, rng: Random): number {
  const expected = Math.max(0, Math.log10(popularity + 1) * 2.6 - 1.5);
  return Math.max(0, Math.min(12, Math.round(expected * (0.4 + rng.next() * 1.2))));
}

/** Resolves "{он|она}" alternatives for the author's gender. */
export function agreeWithAuthor(text: string, female: boolean): string {
  return text.replace(/\{([^|}]*)\|([^}]*)\}/g, (_, male: string, fem: string) => (female ? fem : male));
}

function capitalize(text: string): string {
  return text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
}

export function generateReviews(
  rng: Random,
  section: SectionKey,
  count: number,
  from: Date,
  until: Date,
): ReviewSeed[] {
  if (count === 0) return [];
  const phrases = SECTION_PHRASES[section];
  const profile = rng.weighted(PROFILES);
  const reviews: ReviewSeed[] = [];
  const span = Math.max(0, until.getTime() - from.getTime());
  for (let i = 0; i < count; i++) {
    const female = rng.chance(0.55);
    const authorName = `${rng.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${rng.pick([...SURNAME_INITIALS])}.`;
    const rating = 5 - rng.weightedIndex(profile);
    let pros = "";
    let cons = "";
    const sentences: string[] = [];
    if (rating >= 4) {
      pros = capitalize(rng.sample(phrases.pros, rng.int(1, 3)).join(", "));
      cons = rng.chance(0.6) ? rng.pick(COMMON_PHRASES.noCons) : capitalize(rng.pick(phrases.cons));
      sentences.push(rng.pick(phrases.good));
      if (rng.chance(0.6)) sentences.push(rng.pick(COMMON_PHRASES.good));
    } else if (rating === 3) {
      pros = capitalize(rng.sample(phrases.pros, rng.int(1, 2)).join(", "));
      cons = capitalize(rng.sample(phrases.cons, rng.int(1, 2)).join(", "));
      sentences.push(rng.pick(COMMON_PHRASES.neutral));
      if (rng.chance(0.4)) sentences.push(rng.pick(phrases.good));
    } else {
      pros = rng.chance(0.5) ? "" : capitalize(rng.pick(phrases.pros));
      cons = capitalize(rng.sample(phrases.cons, rng.int(1, 2)).join(", "));
      sentences.push(rng.pick(phrases.bad));
      if (rng.chance(0.5)) sentences.push(rng.pick(COMMON_PHRASES.bad));
    }
    // Some buyers only leave stars and a line.
    const text = rng.chance(0.15) ? "" : [...new Set(sentences)].join(" ");
    reviews.push({
      authorName,
      rating,
      pros: agreeWithAuthor(pros, female),
      cons: agreeWithAuthor(cons, female),
      text: agreeWithAuthor(text, female),
      createdAt: new Date(from.getTime() + Math.floor(rng.next() * span)),
    });
  }
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Average rating rounded to one decimal, or 0 without reviews. */
export function averageRating(reviews: readonly { rating: number }[]): number {
  if (reviews.length === 0) return 0;
  const sum = reviews.reduce((acc, r) => acc + r.rating, 0);
  return Math.round((sum / reviews.length) * 10) / 10;
}
