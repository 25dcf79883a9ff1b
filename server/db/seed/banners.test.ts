import { describe, expect, it } from "vitest";
import { drawRecipe } from "#server/domain/images/draw.ts";
import { bannerRecipe, SEED_BANNERS } from "./banners.ts";
import { categoryNodes } from "./catalog-tree.ts";

describe("the demo banners", () => {
  it("has four for each theme, each drawn without text and leading to a catalogue section", () => {
    expect(SEED_BANNERS.filter((b) => b.theme === "alfa")).toHaveLength(4);
    expect(SEED_BANNERS.filter((b) => b.theme === "halva")).toHaveLength(4);
    const sections = new Set(categoryNodes.filter((c) => c.depth === 0).map((c) => c.section));
    for (const banner of SEED_BANNERS) {
      const svg = drawRecipe(bannerRecipe(banner));
      expect(svg, banner.title).toMatch(/^<svg [^>]*width="900" height="400"/);
      expect(svg).not.toMatch(/<text/);
      expect(sections.has(banner.section), banner.section).toBe(true);
      expect(banner.title.length).toBeLessThanOrEqual(40);
    }
  });

  it("draws a banner only for a known scene and view 0", () => {
    expect(drawRecipe("banner-nothing/ef3124/0")).toBeUndefined();
    expect(drawRecipe("banner-tech/ef3124/1")).toBeUndefined();
  });
});
