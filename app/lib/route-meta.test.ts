import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { PAYMENT_STEP_PATH, paymentOrderId } from "#app/features/checkout/payment-address.ts";
import { pageCachePolicyOf, pageFrameOf, pagePartOf, pageQueryOf } from "#contract/page-cache.ts";
import routes from "../routes.ts";
import { metaForMatches, nextOrderType, type RouteHandle } from "./route-meta.ts";

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };
type Flat = { id: string; path: string; file: string; layout: string; layoutFile: string };

function flatten(entries: Entry[], parent = "", parentFile = ""): Flat[] {
  return entries.flatMap((entry) => {
    const isLayout = entry.path === undefined && !entry.index;
    const own =
      entry.id && !isLayout
        ? [
            {
              id: entry.id,
              path: `/${entry.path ?? ""}`,
              file: entry.file,
              layout: parent,
              layoutFile: parentFile,
            },
          ]
        : [];
    return [
      ...own,
      ...flatten(
        entry.children ?? [],
        isLayout ? (entry.id ?? "") : parent,
        isLayout ? entry.file : parentFile,
      ),
    ];
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

/** Screens the spec's table does not list, each added by an issue and its ADR. */
const NOT_IN_SPEC: Record<string, string> = {
  // The points account (issue 20, ADR 056).
  "personal-bonus": "/personal/bonus",
  // «Вернуть товар» from an order (issue 21, ADR 059).
  "personal-refunds-new": "/personal/refunds/new",
  // «Смотреть все» of a home collection (issue 22, ADR 067).
  "collection-collectionId": "/collection/:collectionId",
  // The back office (issue 20, ADR 051): its own layout.
  admin: "/admin",
  "admin-orders-orderId": "/admin/orders/:orderId",
  "admin-payments": "/admin/payments",
  "admin-stock": "/admin/stock",
  "admin-products": "/admin/products",
  "admin-products-productId-photos": "/admin/products/:productId/photos",
  "admin-banners": "/admin/banners",
  "admin-sms": "/admin/sms",
  "admin-support": "/admin/support",
  "admin-support-appealId": "/admin/support/:appealId",
  "admin-reviews": "/admin/reviews",
  "admin-questions": "/admin/questions",
  "admin-refunds": "/admin/refunds",
  "admin-refunds-refundId": "/admin/refunds/:refundId",
  "admin-staff": "/admin/staff",
  "admin-audit": "/admin/audit",
};

/** The layout a screen's path belongs in. */
const layoutOf = (path: string) =>
  path.startsWith("/personal") ? "personal" : path.startsWith("/admin") ? "admin" : "default";

/** Pages whose HTML is the same for every visitor of a city; every other spec screen is personal. */
const CITY_PAGES = [
  "index",
  "catalog",
  "catalog-menu-catMenuId",
  "catalog-catId-sef",
  "page-slug",
  "search-sef",
  "product-productId",
  "product-productId-photos",
  "promotion-top-profit-info",
  "collection-collectionId",
  "brand-brandCode-sef",
  "brand-brandCode-category-catId",
  "seller-sellerCode-sef",
  "seller-sellerCode-category-catId-sef",
];

/**
 * Pages of the signed-in shopper's own kept as a frame for every shopper of a city, the shopper's data
 * fetched by the browser (ADR 072); their renders read nothing personal.
 */
const SHELL_PAGES = ["personal-orders", "basket", "checkout-steps-delivery", "checkout-steps-payment-id"];
/** Shells whose shopper's part the server renders into the kept frame (ADR 074). */
const PARTS: Record<string, string> = {
  basket: "basket",
  "checkout-steps-delivery": "delivery",
  "checkout-steps-payment-id": "payment",
};
/** Part pages whose address names an order: their one frame is kept under a path no order has (ADR 076). */
const FRAMES: Record<string, string> = { "checkout-steps-payment-id": "/checkout/steps/payment/frame" };

const all = flatten(routes as Entry[]);
const declared = all.filter((r) => r.id !== "not-found");

/** Each route module's `handle`, loaded the way the build loads them. */
const handles = new Map<string, RouteHandle | undefined>();
const layoutHandles = new Map<string, RouteHandle | undefined>();
for (const r of all) {
  const module = (await import(/* @vite-ignore */ `../${r.file}`)) as { handle?: RouteHandle };
  handles.set(r.id, module.handle);
  if (r.layout && !layoutHandles.has(r.layout)) {
    layoutHandles.set(
      r.layout,
      ((await import(/* @vite-ignore */ `../${r.layoutFile}`)) as { handle?: RouteHandle }).handle,
    );
  }
}

/** The matches React Router gives a screen: root, its layout, the screen. */
function matchesOf(id: string) {
  const r = all.find((x) => x.id === id);
  if (!r) throw new Error(`no route ${id}`);
  return [
    { id: "root", handle: undefined },
    { id: r.layout, handle: layoutHandles.get(r.layout) },
    { id, handle: handles.get(id) },
  ];
}
const meta = (id: string) => metaForMatches(matchesOf(id));

describe("route table", () => {
  it("declares all 36 spec routes with the spec's names and paths", () => {
    expect(Object.keys(SPEC)).toHaveLength(36);
    expect(Object.fromEntries(declared.map((r) => [r.id, r.path]))).toEqual({ ...SPEC, ...NOT_IN_SPEC });
  });

  it("puts every /personal route, and only those, in the personal layout (and /admin in its own)", () => {
    for (const r of declared) {
      expect(r.layout, r.id).toBe(`layout-${layoutOf(r.path)}`);
      expect(meta(r.id).layout, r.id).toBe(layoutOf(r.path) === "personal" ? "personal" : "default");
    }
  });

  it("ends with a catch-all so unknown paths reach the not-found screen", () => {
    expect(all.at(-1)).toMatchObject({ id: "not-found", path: "/*" });
  });
});

describe("page cache policy in each route's handle", () => {
  it("is declared by every screen", () => {
    for (const r of all) expect(handles.get(r.id)?.cache, r.id).toMatch(/^(shared|city|shell|personal)$/);
  });

  it("names a personal part only on the shells that have one (ADR 074)", () => {
    for (const r of all) expect(pagePartOf(handles.get(r.id)), r.id).toBe(PARTS[r.id]);
  });

  it("keeps one frame under a path of its own only for a part page whose address names an order (ADR 076)", () => {
    for (const r of all) expect(pageFrameOf(handles.get(r.id)), r.id).toBe(FRAMES[r.id]);
    for (const [id, frame] of Object.entries(FRAMES)) {
      const route = all.find((r) => r.id === id);
      // The frame's path is the route's own, with an id no order can have: its part renders nothing there.
      expect(matchPath(route?.path ?? "", frame), id).not.toBeNull();
      expect(paymentOrderId(frame)).toBeUndefined();
    }
    // The part reads its order from the address by the route's own path.
    expect(all.find((r) => r.id === "checkout-steps-payment-id")?.path).toBe(PAYMENT_STEP_PATH);
    expect(paymentOrderId("/checkout/steps/payment/42")).toBe(42);
  });

  it("keeps the catalogue pages per city, the account's orders, the basket and the checkout steps as shells and everything else personal", () => {
    for (const r of declared) {
      expect(pageCachePolicyOf(handles.get(r.id)), r.id).toBe(
        CITY_PAGES.includes(r.id) ? "city" : SHELL_PAGES.includes(r.id) ? "shell" : "personal",
      );
    }
    // The account, basket, checkout and sign-in are never kept with a shopper's data, whatever is added
    // to them later: personal, or a shell whose render reads nothing of the shopper's.
    for (const r of declared.filter((x) => /^\/(personal|basket|checkout|auth|confirm)/.test(x.path))) {
      expect(handles.get(r.id)?.cache, r.id).toBe(SHELL_PAGES.includes(r.id) ? "shell" : "personal");
    }
  });

  it("says which query parameters each cached screen reads (ADR 025); a listing reads its filters", () => {
    for (const r of all.filter((x) => pageCachePolicyOf(handles.get(x.id)) !== "personal")) {
      const query = handles.get(r.id)?.query;
      expect(Array.isArray(query) || typeof query === "function", r.id).toBe(true);
    }
    for (const id of ["catalog-catId-sef", "brand-brandCode-sef", "seller-sellerCode-category-catId-sef"]) {
      const reads = pageQueryOf(handles.get(id));
      expect(["sort", "page", "brand", "priceMax", "p.color"].every(reads), id).toBe(true);
      expect(reads("utm_source"), id).toBe(false);
    }
    expect(pageQueryOf(handles.get("search-sef"))("q")).toBe(true);
    expect(pageQueryOf(handles.get("product-productId-photos"))("photo")).toBe(true);
    expect(pageQueryOf(handles.get("product-productId"))("page")).toBe(false);
  });

  it("counts an undeclared or unknown policy as personal", () => {
    expect(pageCachePolicyOf(undefined)).toBe("personal");
    expect(pageCachePolicyOf({ keepAlive: true })).toBe("personal");
    expect(pageCachePolicyOf({ cache: "public" })).toBe("personal");
    expect(pageCachePolicyOf({ cache: "shared" })).toBe("shared");
  });
});

describe("route meta from the handles", () => {
  it("gives search, catalogue, brand and seller screens a fixed state key", () => {
    expect(meta("search-sef").stateKey).toBe("search");
    expect(meta("catalog-catId-sef").stateKey).toBe("catalog");
    expect(meta("brand-brandCode-sef").stateKey).toBe(meta("brand-brandCode-category-catId").stateKey);
    expect(meta("seller-sellerCode-sef").stateKey).toBe(
      meta("seller-sellerCode-category-catId-sef").stateKey,
    );
    expect(meta("product-productId").stateKey).toBeUndefined();
    expect(meta("catalog").keepAlive).toBe(true);
    expect(meta("basket").keepAlive).toBe(false);
  });

  it("hides the header on the full-screen photo viewer and the promo strip on phones", () => {
    expect(meta("product-productId-photos").header).toEqual({
      top: { mobile: false, desktop: false },
      middle: { mobile: false, desktop: false },
      bottom: { mobile: false, desktop: false },
    });
    expect(meta("product-productId-photos").transition).toBe("fade");
    expect(meta("basket").header.top).toEqual({ mobile: false, desktop: true });
    expect(meta("index").header.top).toEqual({ mobile: true, desktop: true });
  });

  it("gives focused screens no bottom navigation, and checkout the reduced header and footer", () => {
    expect(meta("auth").header.bottom).toEqual({ mobile: false, desktop: false });
    expect(meta("auth").footer).toBe(true);
    expect(meta("auth").chrome).toBe("shop");
    for (const id of ["checkout-steps-delivery", "checkout-steps-payment-id"]) {
      expect(meta(id).chrome, id).toBe("checkout");
      expect(meta(id).footer, id).toBe(true);
      expect(meta(id).header, id).toEqual({
        top: { mobile: false, desktop: false },
        middle: { mobile: true, desktop: true },
        bottom: { mobile: false, desktop: false },
      });
    }
    expect(meta("basket").chrome).toBe("shop");
    expect(meta("thank-you").chrome).toBe("shop");
    expect(meta("search-form").headerSearch).toBe(false);
    expect(meta("catalog").headerSearch).toBe(true);
  });

  it("takes the deepest matched screen, and the defaults where nothing matched", () => {
    expect(meta("basket").id).toBe("basket");
    expect(meta("personal-orders").id).toBe("personal-orders");
    const bare = metaForMatches([{ id: "root" }]);
    expect(bare.id).toBeUndefined();
    expect(bare.layout).toBe("default");
    expect(bare.footer).toBe(true);
  });

  it("resets the order-type preference outside the personal account", () => {
    expect(nextOrderType("completed", meta("personal-orders").id)).toBe("completed");
    expect(nextOrderType("completed", meta("personal-orders-orderId").id)).toBe("completed");
    expect(nextOrderType("completed", meta("basket").id)).toBe("current");
    expect(nextOrderType("completed", undefined)).toBe("current");
  });
});
