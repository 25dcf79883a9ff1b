import { Hono } from "hono";
import { AppError } from "#server/errors.ts";
import { apiCacheHeaders } from "#server/http/http-cache.ts";
import { addressDocs, addressRoute } from "./address/route.ts";
import { brandsDocs, brandsRoute } from "./brands/route.ts";
import { catalogMenuDocs, catalogMenuRoute } from "./catalog-menu/route.ts";
import { categoriesDocs, categoriesRoute } from "./categories/route.ts";
import { configDocs, configRoute } from "./config/route.ts";
import type { AppEnv } from "./env.ts";
import { mainDocs, mainRoute } from "./main/route.ts";
import { buildOpenApiDocument } from "./openapi/document.ts";
import { optionsDocs, optionsRoute } from "./options/route.ts";
import { pagesDocs, pagesRoute } from "./pages/route.ts";
import { productsDocs, productsRoute } from "./products/route.ts";
import { recentSearchesDocs, recentSearchesRoute } from "./recent-searches/route.ts";
import { routeRulesDocs, routeRulesRoute } from "./route-rules/route.ts";
import { searchDocs, searchRoute } from "./search/route.ts";
import { sellersDocs, sellersRoute } from "./sellers/route.ts";
import { seoDocs, seoRoute } from "./seo/route.ts";
import { externalProfileRoute, userDocs, userRoute } from "./user/route.ts";
import { viewedDocs, viewedRoute } from "./viewed/route.ts";

export const apiDocs = [
  ...configDocs,
  ...categoriesDocs,
  ...catalogMenuDocs,
  ...mainDocs,
  ...optionsDocs,
  ...productsDocs,
  ...routeRulesDocs,
  ...userDocs,
  ...brandsDocs,
  ...sellersDocs,
  ...seoDocs,
  ...addressDocs,
  ...pagesDocs,
  ...searchDocs,
  ...recentSearchesDocs,
  ...viewedDocs,
];

/** The host of an Origin header; "null" (sandboxed frames, file://) and garbage have none. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** The JSON API, mounted at /api. Every resource is its own sub-app with its schemas beside it. */
export function createApi() {
  const openapi = buildOpenApiDocument(apiDocs);
  return new Hono<AppEnv>()
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
      // CSRF: a state-changing call from a browser must come from our own pages (plus SameSite cookies).
      const origin = c.req.header("origin");
      if (origin && !["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
        const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
        if (!host || hostOf(origin) !== host) {
          throw new AppError("forbidden", "Запрос отклонён: он пришёл не со страниц Витрины", {
            code: "cross_origin",
          });
        }
      }
      await next();
    })
    .route("/config", configRoute)
    .route("/v1/main", mainRoute)
    .route("/v1/options", optionsRoute)
    .route("/v1/products", productsRoute)
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
    .route("/v1/user", userRoute)
    .route("/user", externalProfileRoute)
    .get("/openapi.json", (c) => c.json(openapi))
    .all("*", (c) => {
      throw new AppError("not_found", `Метод API не найден: ${c.req.method} ${c.req.path}`, {
        code: "route_not_found",
      });
    });
}
