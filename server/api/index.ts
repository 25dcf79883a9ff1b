import { Hono } from "hono";
import { AppError } from "../errors.ts";
import { configDocs, configRoute } from "./config/route.ts";
import type { AppEnv } from "./env.ts";
import { mainDocs, mainRoute } from "./main/route.ts";
import { buildOpenApiDocument } from "./openapi/document.ts";
import { optionsDocs, optionsRoute } from "./options/route.ts";
import { productsDocs, productsRoute } from "./products/route.ts";

export const apiDocs = [...configDocs, ...mainDocs, ...optionsDocs, ...productsDocs];

/** The JSON API, mounted at /api. Every resource is its own sub-app with its schemas beside it. */
export function createApi() {
  const openapi = buildOpenApiDocument(apiDocs);
  return new Hono<AppEnv>()
    .route("/config", configRoute)
    .route("/v1/main", mainRoute)
    .route("/v1/options", optionsRoute)
    .route("/v1/products", productsRoute)
    .get("/openapi.json", (c) => c.json(openapi))
    .all("*", (c) => {
      throw new AppError("not_found", `Метод API не найден: ${c.req.method} ${c.req.path}`, {
        code: "route_not_found",
      });
    });
}
