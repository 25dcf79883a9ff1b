// What the shop shows to sell (issue 22, points 1 and 6; ADR 067): the limits the back office's photo and
// banner editors show. No zod here: those pages load this (contract/merchandising.ts holds the API's
// schemas and re-exports it).

/** How many photos a product has at most; at least one. */
export const PRODUCT_PHOTOS_MAX = 10;

export const BANNER_THEMES = ["alfa", "halva"] as const;
export type BannerTheme = (typeof BANNER_THEMES)[number];
export const BANNER_TITLE_MAX = 120;
export const BANNER_SUBTITLE_MAX = 200;
