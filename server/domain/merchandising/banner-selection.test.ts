import { describe, expect, it } from "vitest";
import { type BannerCandidate, HOME_BANNERS_MAX, isShowing, selectBanners } from "./banner-selection.ts";

const now = new Date("2026-12-05T12:00:00Z");
const banner = (id: number, over: Partial<BannerCandidate> = {}): BannerCandidate => ({
  id,
  isActive: true,
  theme: null,
  startsAt: null,
  endsAt: null,
  position: id,
  ...over,
});
const ids = (list: BannerCandidate[]) => list.map((b) => b.id);

describe("the home page's banners", () => {
  it("shows a theme's own banners and those for both, not the other theme's", () => {
    const list = [banner(1, { theme: "alfa" }), banner(2, { theme: "halva" }), banner(3)];
    expect(ids(selectBanners(list, { theme: "alfa", now }))).toEqual([1, 3]);
    expect(ids(selectBanners(list, { theme: "halva", now }))).toEqual([2, 3]);
  });

  it("shows a banner from its start to its end, the end excluded", () => {
    const list = [
      banner(1, { startsAt: new Date("2026-12-05T12:00:00Z") }),
      banner(2, { startsAt: new Date("2026-12-05T12:00:01Z") }),
      banner(3, { endsAt: new Date("2026-12-05T12:00:00Z") }),
      banner(4, { endsAt: new Date("2026-12-05T12:00:01Z") }),
      banner(5, { startsAt: new Date("2026-12-01T00:00:00Z"), endsAt: new Date("2026-12-31T00:00:00Z") }),
    ];
    expect(ids(selectBanners(list, { theme: "alfa", now }))).toEqual([1, 4, 5]);
  });

  it("leaves out inactive banners", () => {
    expect(ids(selectBanners([banner(1, { isActive: false }), banner(2)], { theme: "alfa", now }))).toEqual([
      2,
    ]);
  });

  it("keeps the operators' order, the older first on a tie, and at most the limit", () => {
    const list = [banner(3, { position: 0 }), banner(1, { position: 2 }), banner(2, { position: 0 })];
    expect(ids(selectBanners(list, { theme: "alfa", now }))).toEqual([2, 3, 1]);
    const many = Array.from({ length: HOME_BANNERS_MAX + 3 }, (_, i) => banner(i + 1));
    expect(selectBanners(many, { theme: "alfa", now })).toHaveLength(HOME_BANNERS_MAX);
    expect(ids(selectBanners(list, { theme: "alfa", now, limit: 1 }))).toEqual([2]);
  });

  it("counts a banner of either theme as showing when no theme is asked", () => {
    expect(isShowing(banner(1, { theme: "halva" }), now)).toBe(true);
    expect(isShowing(banner(1, { theme: "halva" }), now, "alfa")).toBe(false);
  });
});
