import { z } from "@hono/zod-openapi";
import {
  createReturnSchema,
  refundParamsSchema,
  rejectReturnSchema,
  returnableSchema,
  returnListSchema,
  returnSchema,
  staffReturnPageSchema,
  staffReturnQuerySchema,
  staffReturnSchema,
} from "#contract/returns.ts";
import { requireRole, requireUser, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { clientAddress } from "#server/http/client-address.ts";

// Returns of delivered goods (issue 21, point 2; ADR 059): the shopper's requests under /api/v1/refunds,
// the operators' queue under /api/v1/admin/refunds (behind staffOnly, every decision in the audit log).

const personal = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["refunds"] as [string] };

const returnable = defineRoute({
  ...personal,
  method: "get",
  path: "/returnable",
  operationId: "returnableOfOrder",
  summary: "Что из заказа можно вернуть: полученные товары, сколько штук свободно и до какого дня",
  description:
    "lastDay — последний день возврата товара надлежащего качества (14 дней после получения), defectLastDay — претензии к качеству (2 года). Чужой заказ — 404 order_not_found.",
  request: {
    query: z.object({ orderId: z.coerce.number({ error: "Заказ не найден" }).int().positive() }),
  },
  responses: { ...jsonOk(returnableSchema, "Товары заказа"), ...errorResponses(401, 404) },
});

const list = defineRoute({
  ...personal,
  method: "get",
  path: "/",
  operationId: "listRefunds",
  summary: "Заявки покупателя на возврат, новые первыми",
  responses: { ...jsonOk(returnListSchema, "Заявки"), ...errorResponses(401) },
});

const create = defineRoute({
  ...personal,
  method: "post",
  path: "/",
  operationId: "createRefund",
  summary: "Оформить возврат: товары и количество, причина, комментарий, фото",
  description:
    "Только полученные товары своего заказа, не больше свободных штук (409 return_quantity_exceeded), в срок причины (409 return_window_closed). Для причин о качестве товара нужно хотя бы одно фото (400). photoIds — фото с purpose=refund (чужое или уже прикреплённое — 404 upload_not_found). Не больше 10 заявок за сутки (429 returns_limit). Сумма и баллы считаются сервером.",
  statementTimeout: "write",
  request: { body: jsonBody(createReturnSchema) },
  responses: { ...jsonOk(returnSchema, "Заявка на рассмотрении"), ...errorResponses(401, 404, 409, 429) },
});

const get = defineRoute({
  ...personal,
  method: "get",
  path: "/{id}",
  operationId: "getRefund",
  summary: "Заявка на возврат: товары, фото, история и как идут деньги",
  description: "Чужая или несуществующая заявка — 404 return_not_found.",
  request: { params: refundParamsSchema },
  responses: { ...jsonOk(returnSchema, "Заявка"), ...errorResponses(401, 404) },
});

const cancel = defineRoute({
  ...personal,
  method: "post",
  path: "/{id}/cancel",
  operationId: "cancelRefund",
  summary: "Отменить заявку, пока её не рассмотрели",
  description: "Повтор ничего не меняет. Рассмотренная — 409 return_not_cancellable; чужая — 404.",
  request: { params: refundParamsSchema },
  responses: { ...jsonOk(returnSchema, "Отменённая заявка"), ...errorResponses(401, 404, 409) },
});

export const refundsRoute = createRouter()
  .openapi(returnable, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").returns.returnable(user.userId, c.req.valid("query").orderId), 200);
  })
  .openapi(list, async (c) => {
    const user = requireUser(c);
    return c.json({ items: await c.get("services").returns.list(user.userId) }, 200);
  })
  .openapi(create, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").returns.create(user.userId, c.req.valid("json")), 200);
  })
  .openapi(get, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").returns.get(user.userId, c.req.valid("param").id), 200);
  })
  .openapi(cancel, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").returns.cancel(user.userId, c.req.valid("param").id), 200);
  });

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

const queue = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminRefundQueue",
  summary: "Очередь возвратов: новые первыми, фильтр по статусу, страницы по курсору",
  description: "status=sent (по умолчанию: ждут решения), approved, rejected, cancelled, refunded или all.",
  request: { query: staffReturnQuerySchema },
  responses: { ...jsonOk(staffReturnPageSchema, "Заявки"), ...errorResponses(401, 403) },
});

const card = defineRoute({
  ...staff,
  method: "get",
  path: "/{id}",
  operationId: "adminRefund",
  summary: "Заявка на возврат для оператора: товары, фото, сумма, покупатель",
  request: { params: refundParamsSchema },
  responses: { ...jsonOk(staffReturnSchema, "Заявка"), ...errorResponses(401, 403, 404) },
});

const approve = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/approve",
  operationId: "adminRefundApprove",
  summary: "Одобрить возврат: баллы — на счёт сразу, деньги — на карту через банк, покупателю — SMS",
  description:
    "Повтор отвечает заявкой как есть (деньги — один раз). Отклонённая или отменённая — 409 return_decided. Запись в журнале действий (return.approve).",
  statementTimeout: "write",
  request: { params: refundParamsSchema },
  responses: { ...jsonOk(staffReturnSchema, "Одобренная заявка"), ...errorResponses(401, 403, 404, 409) },
});

const reject = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/reject",
  operationId: "adminRefundReject",
  summary: "Отклонить возврат с причиной, которую увидит покупатель; покупателю — SMS",
  description: "Одобренная или отменённая — 409 return_decided. Запись в журнале действий (return.reject).",
  statementTimeout: "write",
  request: { params: refundParamsSchema, body: jsonBody(rejectReturnSchema) },
  responses: { ...jsonOk(staffReturnSchema, "Отклонённая заявка"), ...errorResponses(401, 403, 404, 409) },
});

const staffRouter = createRouter();
staffRouter.use("*", staffOnly());

function actorOf(c: Parameters<typeof requireRole>[0]) {
  const user = requireRole(c, "operator");
  return { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
}

export const adminRefundsRoute = staffRouter
  .openapi(queue, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").returns.queue(c.req.valid("query")), 200);
  })
  .openapi(card, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").returns.staffCard(c.req.valid("param").id), 200);
  })
  .openapi(approve, async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get("services").returns.approve(actor, c.req.valid("param").id), 200);
  })
  .openapi(reject, async (c) => {
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").returns.reject(actor, id, c.req.valid("json").reason), 200);
  });
