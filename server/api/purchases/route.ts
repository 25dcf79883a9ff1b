import {
  bonusAccountSchema,
  bonusHistoryQuerySchema,
  bonusHistorySchema,
  purchaseDatesQuerySchema,
  purchaseDatesSchema,
  purchaseParamsSchema,
  purchasesQuerySchema,
  purchasesSchema,
  repeatResultSchema,
} from "#contract/after-sale.ts";
import { idempotencyHeaderSchema } from "#contract/basket.ts";
import { orderParamsSchema } from "#contract/orders.ts";
import { ensureOwner, requireUser } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { parsePurchaseCursor } from "#server/domain/purchases/service.ts";

// The shopper's side after the sale (issue 20, points 4–6): «Купить снова», purchases, the points account.

const personal = { cache: "personal" as const, security: SIGNED_IN_SECURITY };

/** The signed-in owner of the basket (a user; the visitor cookie rides along for the basket's rules). */
function signedInOwner(c: Parameters<typeof requireUser>[0]) {
  requireUser(c);
  return ensureOwner(c) as Extract<ReturnType<typeof ensureOwner>, { kind: "user" }>;
}

const repeatOrder = defineRoute({
  ...personal,
  tags: ["orders"],
  method: "post",
  path: "/{id}/repeat",
  operationId: "repeatOrder",
  summary: "Купить снова: вернуть товары заказа в корзину",
  description:
    "Каждая строка заказа добавляется в корзину по её правилам (цена и остаток из каталога, лимит товара, basket_max_items); что добавить нельзя — в `skipped` с причиной: sold_out, not_sold, removed, basket_full, at_limit. С заголовком Idempotency-Key повтор запроса ничего не добавляет второй раз. Чужой или несуществующий заказ — 404 order_not_found",
  statementTimeout: "write",
  request: { params: orderParamsSchema, headers: idempotencyHeaderSchema },
  responses: { ...jsonOk(repeatResultSchema, "Что вернулось в корзину"), ...errorResponses(401, 403, 404) },
});

export const orderRepeatRoute = createRouter().openapi(repeatOrder, async (c) => {
  const owner = signedInOwner(c);
  const key = c.req.valid("header")["idempotency-key"];
  return c.json(await c.get("services").purchases.repeatOrder(owner, c.req.valid("param").id, key), 200);
});

const listPurchases = defineRoute({
  ...personal,
  tags: ["purchases"],
  method: "get",
  path: "/",
  operationId: "listPurchases",
  summary: "Покупки: полученные товары",
  description:
    "Товары из полученных отправлений, по одному на товар (с датой последнего получения), новые первыми; по 20, следующая страница — `before` из `next`",
  request: { query: purchasesQuerySchema },
  responses: { ...jsonOk(purchasesSchema, "Покупки"), ...errorResponses(401) },
});

const purchaseDates = defineRoute({
  ...personal,
  tags: ["purchases"],
  method: "get",
  path: "/products",
  operationId: "getPurchaseDates",
  summary: "«Вы покупали»: какие из этих товаров покупатель получал",
  description:
    "Для карточек и страницы товара после загрузки (сами страницы одинаковы для всех и кешируются): из перечисленных товаров — полученные, с датой последнего получения",
  request: { query: purchaseDatesQuerySchema },
  responses: { ...jsonOk(purchaseDatesSchema, "Даты покупок"), ...errorResponses(401) },
});

const repeatPurchase = defineRoute({
  ...personal,
  tags: ["purchases"],
  method: "post",
  path: "/{productId}/repeat",
  operationId: "repeatPurchase",
  summary: "Купить снова: одна штука полученного товара в корзину",
  description:
    "По правилам корзины; если добавить нельзя — в `skipped` с причиной. Товар, которого покупатель не получал, — 404 product_not_found",
  statementTimeout: "write",
  request: { params: purchaseParamsSchema, headers: idempotencyHeaderSchema },
  responses: { ...jsonOk(repeatResultSchema, "Что вернулось в корзину"), ...errorResponses(401, 403, 404) },
});

export const purchasesRoute = createRouter()
  .openapi(listPurchases, async (c) => {
    const { userId } = requireUser(c);
    const before = parsePurchaseCursor(c.req.valid("query").before);
    return c.json(await c.get("services").purchases.list(userId, before), 200);
  })
  .openapi(purchaseDates, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").purchases.dates(userId, c.req.valid("query").ids), 200);
  })
  .openapi(repeatPurchase, async (c) => {
    const owner = signedInOwner(c);
    const key = c.req.valid("header")["idempotency-key"];
    return c.json(
      await c.get("services").purchases.repeatProduct(owner, c.req.valid("param").productId, key),
      200,
    );
  });

const bonusAccount = defineRoute({
  ...personal,
  tags: ["bonus"],
  method: "get",
  path: "/",
  operationId: "getBonusAccount",
  summary: "Баллы: баланс и ожидаемый кешбэк по заказам",
  description:
    "balance — можно тратить; pending — кешбэк в ожидании; pendingOrders — он же по заказам с датой, когда станет доступен (null, пока заказ не получен)",
  responses: { ...jsonOk(bonusAccountSchema, "Счёт баллов"), ...errorResponses(401) },
});

const bonusHistory = defineRoute({
  ...personal,
  tags: ["bonus"],
  method: "get",
  path: "/history",
  operationId: "getBonusHistory",
  summary: "История баллов",
  description:
    "Начисления, списания, возвраты, отмены и приветственные баллы с заказом, откуда они, новые первыми; по 20, следующая страница — `before` из `next`",
  request: { query: bonusHistoryQuerySchema },
  responses: { ...jsonOk(bonusHistorySchema, "Операции"), ...errorResponses(401) },
});

export const bonusAccountRoute = createRouter()
  .openapi(bonusAccount, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").bonus.account(userId), 200);
  })
  .openapi(bonusHistory, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").bonus.history(userId, c.req.valid("query").before), 200);
  });
