import { Hono } from "hono";
import { productDetailSchema, productListQuerySchema, productListSchema } from "../../../contract/catalog.ts";
import type { AppEnv } from "../env.ts";
import type { RouteDoc } from "../openapi/document.ts";
import { validate } from "../validation.ts";
import { productIdParamsSchema } from "./schemas.ts";

export const productsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/products",
    summary: "Список товаров с сортировкой и постраничной навигацией",
    tag: "catalog",
    query: productListQuerySchema,
    response: productListSchema,
  },
  {
    method: "get",
    path: "/v1/products/{id}",
    summary: "Карточка товара",
    tag: "catalog",
    params: productIdParamsSchema,
    response: productDetailSchema,
    errors: [404],
  },
];

export const productsRoute = new Hono<AppEnv>()
  .get("/", validate("query", productListQuerySchema), async (c) =>
    c.json(await c.get("services").catalog.listProducts(c.req.valid("query"))),
  )
  .get("/:id", validate("param", productIdParamsSchema), async (c) =>
    c.json(await c.get("services").catalog.getProduct(c.req.valid("param").id)),
  );
