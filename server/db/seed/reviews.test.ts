import { describe, expect, it } from "vitest";
import { Random } from "./random.ts";
import { agreeWithAuthor, averageRating, generateReviews, reviewCountFor } from "./reviews.ts";

describe("reviews", () => {
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
    const all = Array.from({ length: 200 }, () => generateReviews(rng, "electronics", 5, from, until)).flat();
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
});
