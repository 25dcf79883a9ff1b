import type { BannerTheme } from "#contract/merchandising.ts";

// Which banners the home page shows (issue 22, point 6; ADR 067): a pure rule, so the API, the back
// office's «показывается сейчас» and the tests agree.

/** Banners the home page shows at most: a carousel longer than this is never scrolled to its end. */
export const HOME_BANNERS_MAX = 8;

export interface BannerCandidate {
  id: number;
  isActive: boolean;
  /** Null: both themes. */
  theme: BannerTheme | null;
  startsAt: Date | null;
  endsAt: Date | null;
  position: number;
}

/** Whether the banner is shown at `now` — in `theme`, or in some theme when none is given. */
export function isShowing(banner: BannerCandidate, now: Date, theme?: BannerTheme): boolean {
  if (!banner.isActive) return false;
  if (theme && banner.theme !== null && banner.theme !== theme) return false;
  if (banner.startsAt && banner.startsAt.getTime() > now.getTime()) return false;
  if (banner.endsAt && banner.endsAt.getTime() <= now.getTime()) return false;
  return true;
}

/**
 * The banners of the home page in `theme` at `now`: active, of that theme or both, started and not ended
 * (the end is exclusive), in the operators' order (position, then the older first), at most `limit`.
 */
export function selectBanners<B extends BannerCandidate>(
  banners: readonly B[],
  { theme, now, limit = HOME_BANNERS_MAX }: { theme: BannerTheme; now: Date; limit?: number },
): B[] {
  return banners
    .filter((b) => isShowing(b, now, theme))
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .slice(0, limit);
}
