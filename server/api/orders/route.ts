import { z } from "@hono/zod-openapi";
import { shopperCancelSchema } from "#contract/cancellation.ts";
import {
  bonusBalanceSchema,
  bonusOptionsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderParamsSchema,
  orderSchema,
  paymentOutcomeSchema,
  placeOrderSchema,
  startPaymentResultSchema,
  startPaymentSchema,
} from "#contract/orders.ts";
import { requireUser } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { requestOrigin } from "#server/http/public-origin.ts";

const personal = {
  tags: ["orders"] as [string],
  cache: "personal" as const,
  security: SIGNED_IN_SECURITY,
};

const placeOrder = defineRoute({
  ...personal,
  method: "post",
  path: "/",
  operationId: "placeOrder",
  rateLimit: "checkout",
  summary: "Оформить заказ из выбранных товаров корзины",
  description:
    "Одна транзакция: занимает ключ оформления (checkoutKey), сверяет корзину с показанной (basketVersion, expectedLines), пересчитывает цены по каталогу, резервирует остатки, бронирует интервал курьера, списывает баллы и создаёт заказ с отправлением от каждого продавца в статусе awaiting_payment. Повтор с тем же checkoutKey возвращает тот же заказ (200). 409 order_lines_changed — с причиной по каждой строке в `lines`; 409 basket_changed, basket_empty, slot_full, slot_unavailable.",
  statementTimeout: "write",
  request: { body: jsonBody(placeOrderSchema) },
  responses: {
    201: { description: "Заказ создан", content: { "application/json": { schema: orderSchema } } },
    ...jsonOk(orderSchema, "Тот же заказ: повтор с тем же ключом"),
    ...errorResponses(401, 403, 404, 409, 429),
  },
});

const listOrders = defineRoute({
  ...personal,
  method: "get",
  path: "/",
  operationId: "listOrders",
  summary: "Заказы покупателя",
  description:
    "tab=active — ждут оплаты, оплачены, собираются, в пути; tab=completed — получены и отменённые. Новые первыми",
  request: { query: orderListQuerySchema },
  responses: { ...jsonOk(orderListSchema, "Заказы"), ...errorResponses(401) },
});

const getOrder = defineRoute({
  ...personal,
  method: "get",
  path: "/{id}",
  operationId: "getOrder",
  summary: "Заказ покупателя",
  description: "Только свой: чужой или несуществующий — 404 order_not_found",
  request: { params: orderParamsSchema },
  responses: { ...jsonOk(orderSchema, "Заказ"), ...errorResponses(401, 404) },
});

const orderBonus = defineRoute({
  ...personal,
  method: "get",
  path: "/{id}/bonus",
  operationId: "getOrderBonusOptions",
  summary: "Сколько баллов можно списать на заказ",
  description: "Баланс, минимум и максимум списания для этого заказа (ADR 040) и сколько уже списано",
  request: { params: orderParamsSchema },
  responses: { ...jsonOk(bonusOptionsSchema, "Правила списания"), ...errorResponses(401, 404) },
});

const startPayment = defineRoute({
  ...personal,
  method: "post",
  path: "/{id}/payments",
  operationId: "startOrderPayment",
  rateLimit: "checkout",
  summary: "Оплатить заказ",
  description:
    "Устанавливает списание баллов и отправляет на страницу оплаты у эквайера. У заказа не больше одной открытой страницы: тот же запрос ещё раз (двойное нажатие, вторая вкладка) получает уже открытую; другой способ или сумма сначала закрывают её у эквайера, а деньги, уже принятые на ней, оплачивают заказ (kind: paid) и не возвращаются. Если баллы покрывают всё — заказ оплачен сразу (kind: paid). При неудаче эквайер возвращает покупателя на /fail?orderId=…&method=… — со способом этой попытки, чтобы «Оплатить ещё раз» повторила его. Способ installments («Оплата частями», ADR 062) требует installmentMonths и открывает заявку в банк; 422 installment_sum_out_of_range — сумма после баллов вне 3 000–200 000 ₽, installment_term_invalid — срок не предлагается для этой суммы, installment_lines_ineligible — в заказе есть товары, которые не продаются частями (продукты питания). 409 order_not_payable — заказ оплачен, отменён или время вышло; 409 payment_in_progress — оплата по открытой странице ещё идёт (3-D Secure) или страница ещё открывается.",
  statementTimeout: "write",
  request: { params: orderParamsSchema, body: jsonBody(startPaymentSchema) },
  responses: {
    ...jsonOk(startPaymentResultSchema, "Куда идти дальше"),
    ...errorResponses(401, 403, 404, 409, 422, 429),
  },
});

const checkPayment = defineRoute({
  ...personal,
  method: "post",
  path: "/{id}/payments/check",
  operationId: "checkOrderPayment",
  rateLimit: "checkout",
  summary: "Проверить оплату при возврате со страницы эквайера",
  description: "Спрашивает эквайера о последнем платеже заказа (GetState) и применяет ответ; идемпотентно",
  request: { params: orderParamsSchema },
  responses: {
    ...jsonOk(paymentOutcomeSchema, "Состояние заказа"),
    ...errorResponses(401, 403, 404, 429),
  },
});

const cancelOrder = defineRoute({
  ...personal,
  method: "post",
  path: "/{id}/cancel",
  operationId: "cancelOrder",
  rateLimit: "checkout",
  summary: "Отменить заказ или одно его отправление",
  description:
    "Без shipmentId — весь заказ, с ним — одно отправление; причина из словаря (reason). Можно, пока отправление не передано в доставку (ждёт оплаты, оплачено, собирается); неоплаченный заказ отменяется только целиком. Остатки, баллы (доля отправления), интервал курьера возвращаются сразу, кешбэк отправления сгорает, деньги уходят на карту задачей refund-order (частичный Cancel эквайера с чеком). Повтор для уже отменённого ничего не меняет. 409 cancel_not_allowed — отправление уже в доставке или получено; 404 order_not_found, shipment_not_found.",
  statementTimeout: "write",
  request: { params: orderParamsSchema, body: jsonBody(shopperCancelSchema) },
  responses: { ...jsonOk(orderSchema, "Заказ после отмены"), ...errorResponses(401, 403, 404, 409, 429) },
});

export const ordersRoute = createRouter()
  .openapi(placeOrder, async (c) => {
    const { userId } = requireUser(c);
    const { order, created } = await c.get("services").orders.place(userId, c.req.valid("json"));
    return created ? c.json(order, 201) : c.json(order, 200);
  })
  .openapi(listOrders, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").orders.list(userId, c.req.valid("query").tab), 200);
  })
  .openapi(getOrder, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").orders.get(userId, c.req.valid("param").id), 200);
  })
  .openapi(orderBonus, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").orders.bonusOptions(userId, c.req.valid("param").id), 200);
  })
  .openapi(startPayment, async (c) => {
    const { userId } = requireUser(c);
    const id = c.req.valid("param").id;
    const body = c.req.valid("json");
    const origin = requestOrigin(c);
    const result = await c.get("services").orders.startPayment(userId, id, body, {
      successUrl: `${origin}/thank-you?orderId=${id}`,
      // The attempt's way of paying rides back with the shopper: /fail pays again the same way.
      failUrl: `${origin}/fail?orderId=${id}&method=${body.method}`,
      notificationUrl: `${origin}/api/v1/payments/notification`,
    });
    return c.json(result, 200);
  })
  .openapi(checkPayment, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").orders.checkPayment(userId, c.req.valid("param").id), 200);
  })
  .openapi(cancelOrder, async (c) => {
    const { userId } = requireUser(c);
    const order = await c
      .get("services")
      .orders.cancel({ kind: "shopper", userId }, c.req.valid("param").id, c.req.valid("json"));
    return c.json(order, 200);
  });

const bonusBalance = defineRoute({
  ...personal,
  tags: ["bonus"],
  method: "get",
  path: "/",
  operationId: "getBonusBalance",
  summary: "Баллы покупателя",
  description: "balance — можно тратить; pending — кешбэк, который станет доступен после получения заказа",
  responses: { ...jsonOk(bonusBalanceSchema, "Баллы"), ...errorResponses(401) },
});

export const bonusRoute = createRouter().openapi(bonusBalance, async (c) => {
  const { userId } = requireUser(c);
  return c.json(await c.get("services").orders.balance(userId), 200);
});

const notification = defineRoute({
  tags: ["payments"],
  cache: "personal",
  method: "post",
  path: "/notification",
  operationId: "acceptPaymentNotification",
  // The acquirer's server calls it with no cookie: the Token is its credential.
  security: [],
  summary: "Уведомление эквайера о платеже (протокол T-Bank)",
  description:
    "Подписанное уведомление (Token — SHA-256 по значениям корневых полей с паролем терминала). Заказ становится оплаченным, только если подпись верна, а PaymentId, OrderId и Amount совпадают с платежом; повтор ничего не меняет. Ответ — `OK` текстом; поддельное — 403, несовпадающее — 400.",
  statementTimeout: "write",
  request: { body: jsonBody(z.looseObject({}).openapi("AcquirerNotification")) },
  responses: {
    200: { description: "Принято", content: { "text/plain": { schema: z.literal("OK") } } },
    ...errorResponses(403),
  },
});

export const paymentsRoute = createRouter().openapi(notification, async (c) => {
  await c.get("services").orders.acceptNotification(c.req.valid("json"));
  return c.text("OK", 200);
});
