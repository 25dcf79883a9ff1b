/** Spec section 2: the storefront's screens by route name. */
export const ROUTE_IDS = [
  "auth",
  "auth-mobile",
  "confirm-auth",
  "fail",
  "index",
  "basket",
  "catalog",
  "catalog-menu-catMenuId",
  "catalog-catId-sef",
  "page-slug",
  "search-sef",
  "search-form",
  "select-city",
  "thank-you",
  "product-productId",
  "product-productId-photos",
  "promotion-top-profit-info",
  "brand-brandCode-sef",
  "brand-brandCode-category-catId",
  "seller-sellerCode-sef",
  "seller-sellerCode-category-catId-sef",
  "checkout-steps-delivery",
  "checkout-steps-payment-id",
  "personal",
  "personal-orders",
  "personal-orders-orderId",
  "personal-profile",
  "personal-refunds",
  "personal-refunds-refundId",
  "personal-support",
  "personal-support-status",
  "personal-wishlist",
  "personal-viewed",
  "personal-purchases",
  "personal-recipients",
  "personal-address-addressId",
] as const;
export type RouteId = (typeof ROUTE_IDS)[number];

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
  /** Keep the screen's scroll position when coming back to it. */
  keepAlive: boolean;
  /** Screens with a fixed key keep their state (filters, scroll) while the path under them changes. */
  stateKey?: "search" | "catalog" | "brand" | "seller";
  /** The header's search field; off where the screen is itself a search field, so there is only one. */
  headerSearch: boolean;
}

/** Header bar heights in px (spec section 3): the top strip starts collapsed; 44 is the default. */
export const HEADER_HEIGHTS = { top: 0, middle: 80, bottom: 70, default: 44 } as const;
/** Mobile layout applies at this viewport width or less. */
export const MOBILE_BREAKPOINT_PX = 1200;

const both = { mobile: true, desktop: true };
const none = { mobile: false, desktop: false };
const desktopOnly = { mobile: false, desktop: true };

const base: RouteMeta = {
  layout: "default",
  header: { top: desktopOnly, middle: both, bottom: both },
  footer: true,
  transition: "none",
  keepAlive: false,
  headerSearch: true,
};

/** A focused screen: no promo strip, no category bar, no bottom navigation. */
const focused: Partial<RouteMeta> = { header: { top: none, middle: both, bottom: none } };

const overrides: Partial<Record<RouteId, Partial<RouteMeta>>> = {
  auth: focused,
  "auth-mobile": { ...focused, footer: false },
  "confirm-auth": focused,
  fail: focused,
  "thank-you": focused,
  "checkout-steps-delivery": { ...focused, footer: false },
  "checkout-steps-payment-id": { ...focused, footer: false },
  // The search screen is its own search bar: on wide screens the header keeps its logo and links only.
  "search-form": {
    header: { top: none, middle: desktopOnly, bottom: both },
    footer: false,
    headerSearch: false,
  },
  "select-city": { header: { top: none, middle: both, bottom: both } },
  "product-productId-photos": {
    header: { top: none, middle: none, bottom: none },
    footer: false,
    transition: "fade",
  },
  "catalog-catId-sef": { stateKey: "catalog", keepAlive: true },
  "search-sef": { stateKey: "search", keepAlive: true },
  "brand-brandCode-sef": { stateKey: "brand", keepAlive: true },
  "brand-brandCode-category-catId": { stateKey: "brand", keepAlive: true },
  "seller-sellerCode-sef": { stateKey: "seller", keepAlive: true },
  "seller-sellerCode-category-catId-sef": { stateKey: "seller", keepAlive: true },
  catalog: { keepAlive: true },
  // Home shows the city strip on phones too: it is where shoppers look for "where do you deliver".
  index: { keepAlive: true, header: { top: both, middle: both, bottom: both } },
};

export function routeMeta(id: string | undefined): RouteMeta {
  const known = ROUTE_IDS.includes(id as RouteId) ? (id as RouteId) : undefined;
  const layout = known?.startsWith("personal") ? "personal" : "default";
  return { ...base, layout, ...(known ? overrides[known] : {}) };
}

/** The meta of the deepest matched spec route (layouts and the root have none of their own). */
export function metaForMatches(matches: readonly { id: string }[]): RouteMeta & { id: string | undefined } {
  const match = [...matches].reverse().find((m) => ROUTE_IDS.includes(m.id as RouteId));
  return { ...routeMeta(match?.id), id: match?.id };
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
