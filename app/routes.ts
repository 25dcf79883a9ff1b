import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The spec's route table (section 2). Route ids are the spec's route names; `{sef...}` tails are splats.
// Each route module declares the rest in its `handle` (lib/route-meta.ts): page cache policy, header bars,
// footer, transition, keep-alive and state key. Nothing else lists these routes.
export default [
  layout("layouts/default.tsx", { id: "layout-default" }, [
    index("routes/index.tsx", { id: "index" }),
    route("auth", "routes/auth.tsx", { id: "auth" }),
    route("auth/mobile", "routes/auth-mobile.tsx", { id: "auth-mobile" }),
    route("confirm/auth", "routes/confirm-auth.tsx", { id: "confirm-auth" }),
    route("fail", "routes/fail.tsx", { id: "fail" }),
    route("basket", "routes/basket.tsx", { id: "basket" }),
    route("catalog", "routes/catalog.tsx", { id: "catalog" }),
    route("catalog-menu/:catMenuId", "routes/catalog-menu.tsx", { id: "catalog-menu-catMenuId" }),
    route("catalog/:catId/*", "routes/catalog-category.tsx", { id: "catalog-catId-sef" }),
    route("page/*", "routes/content-page.tsx", { id: "page-slug" }),
    route("search/*", "routes/search.tsx", { id: "search-sef" }),
    route("search-form", "routes/search-form.tsx", { id: "search-form" }),
    route("select-city", "routes/select-city.tsx", { id: "select-city" }),
    route("thank-you", "routes/thank-you.tsx", { id: "thank-you" }),
    route("product/:productId", "routes/product.tsx", { id: "product-productId" }),
    route("product/:productId/photos", "routes/product-photos.tsx", { id: "product-productId-photos" }),
    route("promotion/top-profit/info", "routes/top-profit-info.tsx", { id: "promotion-top-profit-info" }),
    // Not in the spec's table: «Смотреть все» of a home collection (issue 22, ADR 067).
    route("collection/:collectionId", "routes/collection.tsx", { id: "collection-collectionId" }),
    route("brand/:brandCode/*", "routes/brand.tsx", { id: "brand-brandCode-sef" }),
    route("brand/:brandCode/category/:catId", "routes/brand-category.tsx", {
      id: "brand-brandCode-category-catId",
    }),
    route("seller/:sellerCode/*", "routes/seller.tsx", { id: "seller-sellerCode-sef" }),
    route("seller/:sellerCode/category/:catId/*", "routes/seller-category.tsx", {
      id: "seller-sellerCode-category-catId-sef",
    }),
    route("checkout/steps/delivery", "routes/checkout-delivery.tsx", { id: "checkout-steps-delivery" }),
    route("checkout/steps/payment/:id", "routes/checkout-payment.tsx", { id: "checkout-steps-payment-id" }),
  ]),
  layout("layouts/personal.tsx", { id: "layout-personal" }, [
    route("personal", "routes/personal.tsx", { id: "personal" }),
    route("personal/orders", "routes/personal-orders.tsx", { id: "personal-orders" }),
    route("personal/orders/:orderId", "routes/personal-order.tsx", { id: "personal-orders-orderId" }),
    route("personal/profile", "routes/personal-profile.tsx", { id: "personal-profile" }),
    route("personal/refunds", "routes/personal-refunds.tsx", { id: "personal-refunds" }),
    route("personal/refunds/new", "routes/personal-refund-new.tsx", { id: "personal-refunds-new" }),
    route("personal/refunds/:refundId", "routes/personal-refund.tsx", { id: "personal-refunds-refundId" }),
    route("personal/support", "routes/personal-support.tsx", { id: "personal-support" }),
    route("personal/support/status", "routes/personal-support-status.tsx", { id: "personal-support-status" }),
    route("personal/wishlist", "routes/personal-wishlist.tsx", { id: "personal-wishlist" }),
    route("personal/viewed", "routes/personal-viewed.tsx", { id: "personal-viewed" }),
    route("personal/purchases", "routes/personal-purchases.tsx", { id: "personal-purchases" }),
    // Not in the spec's table: the points account (issue 20, point 6).
    route("personal/bonus", "routes/personal-bonus.tsx", { id: "personal-bonus" }),
    route("personal/recipients", "routes/personal-recipients.tsx", { id: "personal-recipients" }),
    route("personal/address/:addressId", "routes/personal-address.tsx", { id: "personal-address-addressId" }),
  ]),
  // Not in the spec's table: the back office (issue 20; ADR 051), its own layout and gate. A new screen
  // adds its route here and its line in app/features/admin/sections.ts.
  layout("layouts/admin.tsx", { id: "layout-admin" }, [
    route("admin", "routes/admin-orders.tsx", { id: "admin" }),
    route("admin/orders/:orderId", "routes/admin-order.tsx", { id: "admin-orders-orderId" }),
    route("admin/support", "routes/admin-support.tsx", { id: "admin-support" }),
    route("admin/support/:appealId", "routes/admin-support-appeal.tsx", { id: "admin-support-appealId" }),
    route("admin/reviews", "routes/admin-reviews.tsx", { id: "admin-reviews" }),
    route("admin/questions", "routes/admin-questions.tsx", { id: "admin-questions" }),
    route("admin/refunds", "routes/admin-refunds.tsx", { id: "admin-refunds" }),
    route("admin/refunds/:refundId", "routes/admin-refunds-refund.tsx", { id: "admin-refunds-refundId" }),
    route("admin/payments", "routes/admin-payments.tsx", { id: "admin-payments" }),
    route("admin/stock", "routes/admin-stock.tsx", { id: "admin-stock" }),
    route("admin/products", "routes/admin-products.tsx", { id: "admin-products" }),
    route("admin/products/:productId/photos", "routes/admin-product-photos.tsx", {
      id: "admin-products-productId-photos",
    }),
    route("admin/banners", "routes/admin-banners.tsx", { id: "admin-banners" }),
    route("admin/sms", "routes/admin-sms.tsx", { id: "admin-sms" }),
    route("admin/staff", "routes/admin-staff.tsx", { id: "admin-staff" }),
    route("admin/audit", "routes/admin-audit.tsx", { id: "admin-audit" }),
  ]),
  layout("layouts/default.tsx", { id: "layout-fallback" }, [
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
