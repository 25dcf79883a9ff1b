import type { PageCacheHandle } from "#contract/page-cache.ts";

export interface DeviceVisibility {
  mobile: boolean;
  desktop: boolean;
}

export interface RouteMeta {
  layout: "default" | "personal";
  header: { top: DeviceVisibility; middle: DeviceVisibility; bottom: DeviceVisibility };
  footer: boolean;
  /** CSS transition played when the screen is entered. */
  transition: "none" | "fade";
  /**
   * The screen gets its state back when the shopper returns to the same history entry (Back, Forward):
   * what it keeps with `useKeptState` (app/lib/keep-alive.ts, ADR 068), such as a listing's «Показать
   * ещё» pages, so the scroll React Router restores lands where it was.
   */
  keepAlive: boolean;
  /** Screens with a fixed key keep their state (filters, scroll) while the path under them changes. */
  stateKey?: "search" | "catalog" | "brand" | "seller";
  /** The header's search field; off where the screen is itself a search field, so there is only one. */
  headerSearch: boolean;
  /**
   * The shop's full header and footer, or checkout's reduced ones (the logo, «Назад» to the basket,
   * «Безопасная оплата»; support and the legal links): a shopper about to pay is not sent browsing.
   */
  chrome: "shop" | "checkout";
}

/**
 * What a route module exports as `handle`: its page cache policy (contract/page-cache.ts, read by the
 * server) and whatever of the spec's screen meta differs from the defaults. Everything about a route is
 * declared in its own module, so nothing here repeats the route table.
 */
export interface RouteHandle extends PageCacheHandle, Partial<RouteMeta> {}

/** Header bar heights in px (spec section 3): the top strip starts collapsed; 44 is the default. */
export const HEADER_HEIGHTS = { top: 0, middle: 80, bottom: 70, default: 44 } as const;
/** Mobile layout applies at this viewport width or less. */
export const MOBILE_BREAKPOINT_PX = 1200;

const both = { mobile: true, desktop: true };
const none = { mobile: false, desktop: false };
const desktopOnly = { mobile: false, desktop: true };

/** The spec's defaults: every bar but the promo strip on phones, a footer, no transition. */
export const DEFAULT_META: RouteMeta = {
  layout: "default",
  header: { top: desktopOnly, middle: both, bottom: both },
  footer: true,
  transition: "none",
  keepAlive: false,
  headerSearch: true,
  chrome: "shop",
};

/** A focused screen: no promo strip, no category bar, no bottom navigation. */
export const FOCUSED: Partial<RouteMeta> = { header: { top: none, middle: both, bottom: none } };
/**
 * The checkout steps, as the marketplaces do them (ADR 068): a reduced header (no catalogue, search,
 * account or basket, no promo strip or category bar, no bottom navigation) and a reduced footer.
 */
export const CHECKOUT: Partial<RouteMeta> = {
  header: { top: none, middle: both, bottom: none },
  footer: true,
  chrome: "checkout",
};
/** The select-city screen: no promo strip, everything else. */
export const NO_PROMO_STRIP: Partial<RouteMeta> = { header: { top: none, middle: both, bottom: both } };
/** Home shows the city strip on phones too: it is where shoppers look for "where do you deliver". */
export const ALL_BARS: Partial<RouteMeta> = { header: { top: both, middle: both, bottom: both } };
/** The search screen is its own search bar: on wide screens the header keeps its logo and links only. */
export const SEARCH_SCREEN: Partial<RouteMeta> = {
  header: { top: none, middle: desktopOnly, bottom: both },
  footer: false,
  headerSearch: false,
};
/** The full-screen photo viewer: no chrome at all. */
export const FULL_SCREEN: Partial<RouteMeta> = {
  header: { top: none, middle: none, bottom: none },
  footer: false,
  transition: "fade",
};

const META_KEYS = [
  "layout",
  "header",
  "footer",
  "transition",
  "keepAlive",
  "stateKey",
  "headerSearch",
  "chrome",
] as const satisfies readonly (keyof RouteMeta)[];

function isHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null;
}

/**
 * The meta of the matched routes: the defaults, then each match's handle from the root down, so the
 * deepest route has the last word (a layout's handle — the personal layout's — applies to its screens).
 * `id` is the deepest route with a handle of its own: the screen (layouts and the root have none).
 */
export function metaForMatches(
  matches: readonly { id: string; handle?: unknown }[],
): RouteMeta & { id: string | undefined } {
  const meta: RouteMeta = { ...DEFAULT_META };
  let id: string | undefined;
  for (const match of matches) {
    if (!isHandle(match.handle)) continue;
    for (const key of META_KEYS) {
      const value = match.handle[key];
      if (value !== undefined) Object.assign(meta, { [key]: value });
    }
    if (match.handle.cache !== undefined) id = match.id;
  }
  return { ...meta, id };
}

/**
 * The orders list remembers which tab (current or completed) the shopper chose, but only while they stay
 * in the personal account: any other screen resets it to current.
 */
export function nextOrderType(
  current: "current" | "completed",
  routeId: string | undefined,
): "current" | "completed" {
  return routeId?.includes("personal") ? current : "current";
}
