import { shopperPhotoFrame } from "#server/domain/media/art/shopper-photo.ts";
import type { SectionKey } from "./catalog-types.ts";
import type { Random } from "./random.ts";
import {
  COMMON_PHRASES,
  FEMALE_NAMES,
  MALE_NAMES,
  type ReviewPhrases,
  SECTION_PHRASES,
  SURNAME_INITIALS,
} from "./review-phrases.ts";

/** A shopper's photo: its pixel size; the URL and alt text are made once the review has an id. */
export interface ReviewPhotoSeed {
  width: number;
  height: number;
}

export interface ReviewSeed {
  authorName: string;
  rating: number;
  pros: string;
  cons: string;
  text: string;
  createdAt: Date;
  photos: ReviewPhotoSeed[];
}

/** About one review in five comes with photos, as on big marketplaces. */
export const REVIEW_PHOTO_SHARE = 0.2;
/** How many photos such a review has (weights of 1, 2, 3 and 4). */
const PHOTO_COUNTS: readonly (readonly [number, number])[] = [
  [1, 45],
  [2, 30],
  [3, 15],
  [4, 10],
];
/** Phone photos: mostly upright, some landscape, a few square (the frames of the drawn shots, ADR 069). */
const PHOTO_SIZES: readonly (readonly [ReviewPhotoSeed, number])[] = [
  [shopperPhotoFrame(0), 55],
  [shopperPhotoFrame(1), 30],
  [shopperPhotoFrame(2), 15],
];

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

/**
 * `count` reviews of a product of `section`, dated between `from` and `until`, in `phrases` (its kind's:
 * review-kinds.ts) or else its section's.
 */
export function generateReviews(
  rng: Random,
  section: SectionKey,
  count: number,
  from: Date,
  until: Date,
  phrases: ReviewPhrases = SECTION_PHRASES[section],
): ReviewSeed[] {
  if (count === 0) return [];
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
      photos: [],
    });
  }
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Gives some reviews 1–4 photos. Takes its own random stream (not the one that wrote the reviews), so
 * adding photos left every other generated value, and so every existing product, as it was.
 */
export function attachReviewPhotos(rng: Random, reviews: ReviewSeed[]): void {
  for (const review of reviews) {
    if (!rng.chance(REVIEW_PHOTO_SHARE)) continue;
    const count = rng.weighted(PHOTO_COUNTS);
    review.photos = Array.from({ length: count }, () => ({ ...rng.weighted(PHOTO_SIZES) }));
  }
}

/** Average rating rounded to one decimal, or 0 without reviews. */
export function averageRating(reviews: readonly { rating: number }[]): number {
  if (reviews.length === 0) return 0;
  const sum = reviews.reduce((acc, r) => acc + r.rating, 0);
  return Math.round((sum / reviews.length) * 10) / 10;
}
