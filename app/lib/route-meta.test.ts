import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { metaForMatches, nextOrderType, ROUTE_IDS, routeMeta } from "./route-meta.ts";

type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };

function flatten(entries: Entry[], parent = ""): { id: string; path: string; layout: string }[] {
  return entries.flatMap((entry) => {
    const layout = entry.path === undefined && !entry.index ? (entry.id ?? "") : parent;
    const own =
      entry.id && (entry.path !== undefined || entry.index)
        ? [{ id: entry.id, path: `/${entry.path ?? ""}`, layout: parent }]
        : [];
    return [...own, ...flatten(entry.children ?? [], layout)];
  });
}

// The spec's table (section 2), with `{sef...}` tails as splats.
const SPEC: Record<string, string> = {
  auth: "/auth",
  "auth-mobile": "/auth/mobile",
  "confirm-auth": "/confirm/auth",
  fail: "/fail",
  index: "/",
  basket: "/basket",
  catalog: "/catalog",
  "catalog-menu-catMenuId": "/catalog-menu/:catMenuId",
  "catalog-catId-sef": "/catalog/:catId/*",
  "page-slug": "/page/*",
  "search-sef": "/search/*",
  "search-form": "/search-form",
  "select-city": "/select-city",
  "thank-you": "/thank-you",
  "product-productId": "/product/:productId",
  "product-productId-photos": "/product/:productId/photos",
  "promotion-top-profit-info": "/promotion/top-profit/info",
  "brand-brandCode-sef": "/brand/:brandCode/*",
  "brand-brandCode-category-catId": "/brand/:brandCode/category/:catId",
  "seller-sellerCode-sef": "/seller/:sellerCode/*",
  "seller-sellerCode-category-catId-sef": "/seller/:sellerCode/category/:catId/*",
  "checkout-steps-delivery": "/checkout/steps/delivery",
  "checkout-steps-payment-id": "/checkout/steps/payment/:id",
  personal: "/personal",
  "personal-orders": "/personal/orders",
  "personal-orders-orderId": "/personal/orders/:orderId",
  "personal-profile": "/personal/profile",
  "personal-refunds": "/personal/refunds",
  "personal-refunds-refundId": "/personal/refunds/:refundId",
  "personal-support": "/personal/support",
  "personal-support-status": "/personal/support/status",
  "personal-wishlist": "/personal/wishlist",
  "personal-viewed": "/personal/viewed",
  "personal-purchases": "/personal/purchases",
  "personal-recipients": "/personal/recipients",
  "personal-address-addressId": "/personal/address/:addressId",
};

describe("route table", () => {
  const declared = flatten(routes as Entry[]).filter((r) => r.id !== "not-found");

  it("declares all 36 spec routes with the spec's names and paths", () => {
    expect(Object.keys(SPEC)).toHaveLength(36);
    expect(Object.fromEntries(declared.map((r) => [r.id, r.path]))).toEqual(SPEC);
    expect([...ROUTE_IDS].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it("puts every /personal route, and only those, in the personal layout", () => {
    for (const r of declared) {
      expect(r.layout, r.id).toBe(r.path.startsWith("/personal") ? "layout-personal" : "layout-default");
      expect(routeMeta(r.id).layout).toBe(r.path.startsWith("/personal") ? "personal" : "default");
    }
  });

  it("ends with a catch-all so unknown paths reach the not-found screen", () => {
    expect(flatten(routes as Entry[]).at(-1)).toMatchObject({ id: "not-found", path: "/*" });
  });
});

describe("route meta", () => {
  it("gives search, catalogue, brand and seller screens a fixed state key", () => {
    expect(routeMeta("search-sef").stateKey).toBe("search");
    expect(routeMeta("catalog-catId-sef").stateKey).toBe("catalog");
    expect(routeMeta("brand-brandCode-sef").stateKey).toBe(
      routeMeta("brand-brandCode-category-catId").stateKey,
    );
    expect(routeMeta("seller-sellerCode-sef").stateKey).toBe(
      routeMeta("seller-sellerCode-category-catId-sef").stateKey,
    );
    expect(routeMeta("product-productId").stateKey).toBeUndefined();
  });

  it("hides the header on the full-screen photo viewer and the promo strip on phones", () => {
    expect(routeMeta("product-productId-photos").header).toEqual({
      top: { mobile: false, desktop: false },
      middle: { mobile: false, desktop: false },
      bottom: { mobile: false, desktop: false },
    });
    expect(routeMeta("basket").header.top).toEqual({ mobile: false, desktop: true });
    expect(routeMeta("index").header.top).toEqual({ mobile: true, desktop: true });
  });

  it("takes the deepest matched spec route", () => {
    expect(metaForMatches([{ id: "root" }, { id: "layout-default" }, { id: "basket" }]).id).toBe("basket");
    expect(metaForMatches([{ id: "root" }]).id).toBeUndefined();
  });

  it("resets the order-type preference outside the personal account", () => {
    expect(nextOrderType("completed", "personal-orders")).toBe("completed");
    expect(nextOrderType("completed", "personal-orders-orderId")).toBe("completed");
    expect(nextOrderType("completed", "basket")).toBe("current");
    expect(nextOrderType("completed", undefined)).toBe("current");
  });
});
