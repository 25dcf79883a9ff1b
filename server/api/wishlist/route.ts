import {
  addToWishlistSchema,
  wishlistIdsSchema,
  wishlistItemSchema,
  wishlistParamsSchema,
  wishlistQuerySchema,
  wishlistSchema,
} from "#contract/wishlist.ts";
import { ensureOwner } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  PERSONAL_SECURITY,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";

/**
 * The wishlist is the signed-in shopper's, or before sign-in the anonymous visitor's (merged into the
 * account at sign-in): either cookie names it, and no call ever answers 401 (ADR 032).
 */
const security = [...SIGNED_IN_SECURITY, ...PERSONAL_SECURITY];

const listWishlist = defineRoute({
  method: "get",
  path: "/",
  operationId: "listWishlist",
  tags: ["wishlist"],
  summary: "Избранное покупателя с карточками товаров",
  description:
    "Новые первыми; `inStock=1` — только то, что можно купить сейчас. `total` — всё избранное без фильтра. Без cookie — пустой список",
  cache: "personal",
  security,
  request: { query: wishlistQuerySchema },
  responses: { ...jsonOk(wishlistSchema, "Избранное"), ...errorResponses() },
});

const wishlistIds = defineRoute({
  method: "get",
  path: "/ids",
  operationId: "listWishlistProductIds",
  tags: ["wishlist"],
  summary: "Идентификаторы товаров в избранном",
  description: "Для сердечек на карточках: только id, новые первыми. Без cookie — пустой список",
  cache: "personal",
  security,
  responses: { ...jsonOk(wishlistIdsSchema, "Товары в избранном"), ...errorResponses() },
});

const addToWishlist = defineRoute({
  method: "post",
  path: "/",
  operationId: "addToWishlist",
  tags: ["wishlist"],
  summary: "Добавить товар в избранное",
  description:
    "Идемпотентно: товар, который уже в избранном, остаётся как был. Не больше 500 товаров (409 wishlist_full). Выдаёт посетителю cookie, если её ещё нет",
  cache: "personal",
  security,
  request: { body: jsonBody(addToWishlistSchema) },
  responses: { ...jsonOk(wishlistItemSchema, "Товар в избранном"), ...errorResponses(403, 404, 409, 415) },
});

const removeFromWishlist = defineRoute({
  method: "delete",
  path: "/{productId}",
  operationId: "removeFromWishlist",
  tags: ["wishlist"],
  summary: "Убрать товар из избранного",
  description: "404 wishlist_item_not_found, если этого товара нет в избранном покупателя",
  cache: "personal",
  security,
  request: { params: wishlistParamsSchema },
  responses: { 204: { description: "Товар убран" }, ...errorResponses(403, 404) },
});

export const wishlistRoute = createRouter()
  .openapi(listWishlist, async (c) =>
    c.json(
      await c
        .get("services")
        .wishlist.list(c.get("actor"), { inStock: c.req.valid("query").inStock ?? false }),
      200,
    ),
  )
  .openapi(wishlistIds, async (c) => c.json(await c.get("services").wishlist.productIds(c.get("actor")), 200))
  .openapi(addToWishlist, async (c) =>
    c.json(await c.get("services").wishlist.add(ensureOwner(c), c.req.valid("json").productId), 200),
  )
  .openapi(removeFromWishlist, async (c) => {
    await c.get("services").wishlist.remove(c.get("actor"), c.req.valid("param").productId);
    return c.body(null, 204);
  });
