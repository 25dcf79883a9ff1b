import { describe, expect, it } from "vitest";
import { renderReviewPhoto } from "./review-photo.ts";

const subject = { reviewId: 10, position: 0, productId: 3, width: 600, height: 800 };

describe("renderReviewPhoto", () => {
  it("is stable, and differs between photos of one review and between reviews", () => {
    const a = renderReviewPhoto(subject);
    expect(renderReviewPhoto(subject)).toBe(a);
    expect(renderReviewPhoto({ ...subject, position: 1 })).not.toBe(a);
    expect(renderReviewPhoto({ ...subject, reviewId: 11 })).not.toBe(a);
  });

  it("draws at the stored size, without text, small enough to be cheap", () => {
    for (let reviewId = 1; reviewId <= 500; reviewId++) {
      const [width, height] = reviewId % 2 ? [800, 600] : [700, 700];
      const svg = renderReviewPhoto({ ...subject, reviewId, width, height });
      expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
      expect(svg).not.toMatch(/undefined|NaN|<text/);
      expect(svg.length).toBeLessThan(4_000);
    }
  });

  it("shows the product in its own colours, whatever the review", () => {
    const hue = (svg: string) => svg.match(/<stop offset="0" stop-color="(hsl\([^)]*\))"/)?.[1];
    expect(hue(renderReviewPhoto({ ...subject, reviewId: 99 }))).toBe(hue(renderReviewPhoto(subject)));
    expect(hue(renderReviewPhoto({ ...subject, productId: 4 }))).not.toBe(hue(renderReviewPhoto(subject)));
  });
});
