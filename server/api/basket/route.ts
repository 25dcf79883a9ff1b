import { getCookie } from "hono/cookie";
import {
  basketCountSchema,
  basketMutationSchema,
  basketSchema,
  idempotencyHeaderSchema,
} from "#contract/basket.ts";
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
import { CITY_COOKIE, cityIdFromCookie } from "#server/http/city-cookie.ts";

/**
 * The basket is the signed-in shopper's, or before sign-in the anonymous visitor's (merged into the
 * account at sign-in): either cookie names it, and no call answers 401 (ADR 038).
 */
const security = [...SIGNED_IN_SECURITY, ...PERSONAL_SECURITY];

const getBasket = defineRoute({
  method: "get",
  path: "/",
  operationId: "getBasket",
  tags: ["basket"],
  summary: "Корзина: строки по продавцам с датой доставки в текущий город, итоги, версия",
  description:
    "Строки сгруппированы по продавцам; у строки — текущая цена и цена при добавлении, наличие сейчас, предел количества и его причина. Итоги — только по выбранным строкам, которые можно купить. Без cookie — пустая корзина",
  cache: "personal",
  security,
  responses: { ...jsonOk(basketSchema, "Корзина"), ...errorResponses() },
});

const basketCount = defineRoute({
  method: "get",
  path: "/count",
  operationId: "getBasketCount",
  tags: ["basket"],
  summary: "Число товаров в корзине и количество по товарам",
  description: "Для шапки и кнопок «В корзину» на карточках: одно чтение по индексу",
  cache: "personal",
  security,
  responses: { ...jsonOk(basketCountSchema, "Количество"), ...errorResponses() },
});

const mutateBasket = defineRoute({
  method: "post",
  path: "/lines",
  operationId: "changeBasket",
  tags: ["basket"],
  summary: "Изменить корзину: add, set_quantity, remove, select, select_all, move_to_wishlist",
  description:
    "Одно изменение за запрос, все правила проверяются на сервере: количество от 1 до остатка, лимита на заказ и basket_max_items; распроданный и ещё не продающийся товар не добавить (409). С заголовком Idempotency-Key изменение применяется к корзине один раз: повтор отвечает текущей корзиной и заголовком Idempotent-Replayed: true. Версия корзины растёт с каждым изменением. Выдаёт посетителю cookie, если её ещё нет",
  cache: "personal",
  security,
  request: { headers: idempotencyHeaderSchema, body: jsonBody(basketMutationSchema) },
  responses: { ...jsonOk(basketSchema, "Корзина после изменения"), ...errorResponses(403, 404, 409, 415) },
});

export const basketRoute = createRouter()
  .openapi(getBasket, async (c) =>
    c.json(
      await c.get("services").basket.get(c.get("actor"), cityIdFromCookie(getCookie(c, CITY_COOKIE))),
      200,
    ),
  )
  .openapi(basketCount, async (c) => c.json(await c.get("services").basket.count(c.get("actor")), 200))
  .openapi(mutateBasket, async (c) => {
    const { basket, applied } = await c.get("services").basket.mutate(ensureOwner(c), c.req.valid("json"), {
      key: c.req.valid("header")["idempotency-key"],
      cityId: cityIdFromCookie(getCookie(c, CITY_COOKIE)),
    });
    if (!applied) c.header("Idempotent-Replayed", "true");
    return c.json(basket, 200);
  });
