import { describe, expect, it } from "vitest";
import { seedSample } from "#tests/fixtures/seed-sample.ts";
import { generateProducts } from "./products.ts";
import { DEFAULT_SEED, Random } from "./random.ts";
import {
  agreeWithAuthor,
  attachReviewPhotos,
  averageRating,
  generateReviews,
  reviewCountFor,
} from "./reviews.ts";

// How many products' reviews and how many generated reviews the rules are checked over; the full-size
// sample under `npm run test:seed`.
const { products, reviewed } = seedSample({
  small: { products: 400, reviewed: 40 },
  full: { products: 2_000, reviewed: 200 },
});

describe(`reviews, over ${products} products`, () => {
  it("agrees phrases with the author's gender", () => {
    expect(agreeWithAuthor("{Брал|Брала} в подарок, {доволен|довольна}.", true)).toBe(
      "Брала в подарок, довольна.",
    );
    expect(agreeWithAuthor("{Брал|Брала} в подарок, {доволен|довольна}.", false)).toBe(
      "Брал в подарок, доволен.",
    );
  });

  it("averages to one decimal", () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toBe(4.3);
  });

  it("gives popular products more reviews, never more than 12", () => {
    const rng = new Random(9);
    const avg = (popularity: number) =>
      Array.from({ length: 500 }, () => reviewCountFor(popularity, rng)).reduce((a, b) => a + b, 0) / 500;
    expect(avg(5)).toBeLessThan(avg(5_000));
    for (let i = 0; i < 1000; i++) expect(reviewCountFor(1_000_000, rng)).toBeLessThanOrEqual(12);
  });

  it("writes Russian reviews, mostly positive, dated inside the product's life", () => {
    const rng = new Random(5);
    const from = new Date(Date.UTC(2026, 0, 1));
    const until = new Date(Date.UTC(2026, 10, 1));
    const all = Array.from({ length: reviewed }, () =>
      generateReviews(rng, "electronics", 5, from, until),
    ).flat();
    for (const r of all) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.authorName).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ]\.$/);
      expect(`${r.pros} ${r.cons} ${r.text}`).not.toMatch(/[{}|]/);
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(from.getTime());
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(until.getTime());
    }
    const positive = all.filter((r) => r.rating >= 4).length / all.length;
    expect(positive).toBeGreaterThan(0.6);
  });

  it("gives 15–25 % of the catalogue's reviews 1–4 photos of phone-camera sizes", () => {
    const reviews = generateProducts(DEFAULT_SEED, 0, products).flatMap((p) => p.reviews);
    expect(reviews.length).toBeGreaterThan(products);
    const withPhotos = reviews.filter((r) => r.photos.length > 0);
    const share = withPhotos.length / reviews.length;
    expect(share).toBeGreaterThanOrEqual(0.15);
    expect(share).toBeLessThanOrEqual(0.25);
    const counts = new Set(withPhotos.map((r) => r.photos.length));
    expect([...counts].sort()).toEqual([1, 2, 3, 4]);
    const sizes = new Set(
      withPhotos.flatMap((r) => r.photos).map((photo) => `${photo.width}x${photo.height}`),
    );
    expect([...sizes].sort()).toEqual(["1050x1050", "1200x900", "900x1200"]);
  });

  it("gives the same reviews the same photos on every run", () => {
    const photos = (seed: number) =>
      generateProducts(seed, 100, products / 5).map((p) => p.reviews.map((r) => r.photos));
    expect(photos(DEFAULT_SEED)).toEqual(photos(DEFAULT_SEED));
    expect(photos(DEFAULT_SEED + 1)).not.toEqual(photos(DEFAULT_SEED));
  });

  it("adds photos without touching the review itself", () => {
    const from = new Date(Date.UTC(2026, 0, 1));
    const until = new Date(Date.UTC(2026, 10, 1));
    const plain = generateReviews(new Random(3), "home", 12, from, until);
    const withPhotos = generateReviews(new Random(3), "home", 12, from, until);
    attachReviewPhotos(new Random(4), withPhotos);
    expect(withPhotos.map(({ photos: _, ...r }) => r)).toEqual(plain.map(({ photos: _, ...r }) => r));
  });
});
