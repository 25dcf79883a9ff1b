import type { Context } from "hono";
import { AppError } from "#server/errors.ts";
import { apiCacheHeaders } from "#server/http/http-cache.ts";
import { requestOrigin } from "#server/http/public-origin.ts";
import { anonymousActor } from "./actor.ts";
import { allowedMethods } from "./allowed-methods.ts";
import { bankSignInRoute } from "./auth/bank-route.ts";
import { phoneSignInRoute } from "./auth/phone-route.ts";
import { signOutRoute } from "./auth/sign-out-route.ts";
import { addressRoute } from "./address/route.ts";
import { supportRoute } from "./support/route.ts";
import { refundsRoute } from "./refunds/route.ts";
import { productReviewWriteRoute, reviewsRoute } from "./reviews/route.ts";
import { productQuestionsRoute, questionsRoute, stockAlertRoute } from "./questions/route.ts";
import { adminRoute } from "./admin/route.ts";
import { basketRoute } from "./basket/route.ts";
import { brandsRoute } from "./brands/route.ts";
import { catalogMenuRoute } from "./catalog-menu/route.ts";
import { categoriesRoute } from "./categories/route.ts";
import { configRoute } from "./config/route.ts";
import { createRouter } from "./define-route.ts";
import { mainRoute } from "./main/route.ts";
import { buildOpenApiDocument } from "./openapi/document.ts";
import { optionsRoute } from "./options/route.ts";
import { bonusRoute, ordersRoute, paymentsRoute } from "./orders/route.ts";
import { pagesRoute } from "./pages/route.ts";
import { bonusAccountRoute, orderRepeatRoute, purchasesRoute } from "./purchases/route.ts";
import { productsRoute } from "./products/route.ts";
import { recentSearchesRoute } from "./recent-searches/route.ts";
import { routeRulesRoute } from "./route-rules/route.ts";
import { searchRoute } from "./search/route.ts";
import { sellersRoute } from "./sellers/route.ts";
import { seoRoute } from "./seo/route.ts";
import { profileImportRoute } from "./user/profile-import-route.ts";
import { profileRoute } from "./user/profile-route.ts";
import { userAddressRoute } from "./user/address-route.ts";
import { userRecipientsRoute } from "./user/recipients-route.ts";
import { externalProfileRoute, userRoute } from "./user/route.ts";
import { uploadsRoute } from "./uploads/route.ts";
import { urlGuard } from "./url-guard.ts";
import { apiUrlLimit } from "./url-limit.ts";
import { viewedRoute } from "./viewed/route.ts";
import { wishlistRoute } from "./wishlist/route.ts";
import { deliveriesRoute } from "./deliveries/route.ts";
import { suggestRoute } from "./suggest/route.ts";

/** The origin an Origin header names; "null" (sandboxed frames, file://) and garbage name none. */
function originOf(header: string): string | undefined {
  try {
    return new URL(header).origin;
  } catch {
    return undefined;
  }
}

/**
 * The resources, each defined once (define-route.ts) in its own router. Its type is what the storefront's
 * client is derived from (app/lib/api-client.ts), so it is kept free of middleware and the catch-all.
 */
export function createApiRoutes() {
  return createRouter()
    .route("/config", configRoute)
    .route("/v1/main", mainRoute)
    .route("/v1/options", optionsRoute)
    .route("/v1/products", productsRoute)
    .route("/v1/products", productReviewWriteRoute)
    .route("/v1/reviews", reviewsRoute)
    .route("/v1/products", productQuestionsRoute)
    .route("/v1/products", stockAlertRoute)
    .route("/v1/questions", questionsRoute)
    .route("/v1/categories", categoriesRoute)
    .route("/v1/catalog-menu", catalogMenuRoute)
    .route("/v1/route-rules", routeRulesRoute)
    .route("/v1/brands", brandsRoute)
    .route("/v1/sellers", sellersRoute)
    .route("/v1/seo", seoRoute)
    .route("/v1/address", addressRoute)
    .route("/v1/pages", pagesRoute)
    .route("/v1/search/recent", recentSearchesRoute)
    .route("/v1/search", searchRoute)
    .route("/v1/viewed", viewedRoute)
    .route("/v1/wishlist", wishlistRoute)
    .route("/v1/suggest", suggestRoute)
    .route("/v1/deliveries", deliveriesRoute)
    .route("/v1/basket", basketRoute)
    .route("/v1/admin", adminRoute)
    .route("/v1/orders", ordersRoute)
    .route("/v1/orders", orderRepeatRoute)
    .route("/v1/purchases", purchasesRoute)
    .route("/v1/uploads", uploadsRoute)
    .route("/v1/support", supportRoute)
    .route("/v1/refunds", refundsRoute)
    .route("/v1/bonus", bonusAccountRoute)
    .route("/v1/payments", paymentsRoute)
    .route("/v1/user/bonus", bonusRoute)
    .route("/v1/auth/phone", phoneSignInRoute)
    .route("/v1/auth/bank", bankSignInRoute)
    .route("/v1/auth", signOutRoute)
    .route("/v1/user/address", userAddressRoute)
    .route("/v1/user/recipients", userRecipientsRoute)
    .route("/v1/user/profile/import", profileImportRoute)
    .route("/v1/user", userRoute)
    .route("/v1/user", profileRoute)
    .route("/user", externalProfileRoute);
}
export type ApiRoutes = ReturnType<typeof createApiRoutes>;

/** The JSON API, mounted at /api. */
export function createApi() {
  const routes = createApiRoutes();
  const openapi = buildOpenApiDocument(routes);
  // The build id (server/http/build-info.ts) is mounted beside the API, before it.
  const methodsOf = allowedMethods(openapi.paths, { "/api/openapi.json": ["GET"], "/api/build": ["GET"] });
  return createRouter()
    .use(apiUrlLimit())
    .use(urlGuard())
    .use(apiCacheHeaders())
    .use(async (c, next) => {
      // Planned works: everything but the storefront's own config and the API description answers 503.
      if (c.get("config").maintenance && !["/api/config", "/api/openapi.json"].includes(c.req.path)) {
        throw new AppError("unavailable", "Идут технические работы. Пожалуйста, зайдите позже", {
          code: "maintenance",
        });
      }
      await next();
    })
    .use(async (c, next) => {
      // CSRF: a state-changing call from a browser must come from our own pages (plus SameSite cookies):
      // scheme, host and port, as the browser saw them (public-origin.ts; proxy headers only if trusted).
      const origin = c.req.header("origin");
      if (origin && !["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
        if (originOf(origin) !== requestOrigin(c)) {
          throw new AppError("forbidden", "Запрос отклонён: он пришёл не со страниц Витрины", {
            code: "cross_origin",
          });
        }
      }
      await next();
    })
    .use(anonymousActor())
    .use(async (c, next) => {
      // A documented path asked with a method it does not have is 405 before any route sees it: else
      // `DELETE /wishlist/ids` would reach `DELETE /wishlist/{productId}` and be refused as a bad id.
      const allow = methodsOf(c.req.path);
      if (allow && c.req.method !== "OPTIONS" && !allow.includes(c.req.method)) methodNotAllowed(c, allow);
      await next();
    })
    .route("/", routes)
    .get("/openapi.json", (c) => {
      c.set("apiCache", { cache: "shared" });
      return c.json(openapi);
    })
    .all("*", (c) => {
      const allow = methodsOf(c.req.path);
      if (allow) methodNotAllowed(c, allow);
      throw new AppError("not_found", `Метод API не найден: ${c.req.method} ${c.req.path}`, {
        code: "route_not_found",
      });
    });
}

/** 405 with `Allow` (ADR 027). */
function methodNotAllowed(c: Context, allow: string[]): never {
  c.header("Allow", allow.join(", "));
  throw new AppError("method_not_allowed", `Метод ${c.req.method} не поддерживается: ${allow.join(", ")}`);
}
