import {
  appealListSchema,
  appealSchema,
  createAppealSchema,
  staffAppealPageSchema,
  staffAppealQuerySchema,
  staffAnswerSchema,
  staffAppealSchema,
  supportAppealParamsSchema,
  supportReplySchema,
} from "#contract/support.ts";
import { z } from "@hono/zod-openapi";
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

// Support appeals (issue 21, point 3; ADR 058): the shopper's side under /api/v1/support, the operators'
// queue under /api/v1/admin/support (behind staffOnly, every action in the audit log).

const personal = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["support"] as [string] };

const listAppeals = defineRoute({
  ...personal,
  method: "get",
  path: "/appeals",
  operationId: "listSupportAppeals",
  summary: "Обращения покупателя в поддержку: последние разговоры первыми, с непрочитанными ответами",
  responses: { ...jsonOk(appealListSchema, "Обращения"), ...errorResponses(401) },
});

const createAppeal = defineRoute({
  ...personal,
  method: "post",
  path: "/appeals",
  operationId: "createSupportAppeal",
  summary: "Написать в поддержку: тема, заказ (необязательно), фамилия и имя, сообщение",
  description:
    "photoIds — до 5 фото, загруженных с purpose=support (POST /api/v1/uploads); чужое, уже прикреплённое или неизвестное фото — 404 upload_not_found, обращение не создаётся. Чужой или несуществующий заказ — 404 order_not_found. Не больше 5 обращений за сутки (429 support_appeals_limit) и 20 сообщений за час (429 support_messages_limit) на покупателя.",
  statementTimeout: "write",
  request: { body: jsonBody(createAppealSchema) },
  responses: { ...jsonOk(appealSchema, "Обращение с первым сообщением"), ...errorResponses(401, 404, 429) },
});

const getAppeal = defineRoute({
  ...personal,
  method: "get",
  path: "/appeals/{id}",
  operationId: "getSupportAppeal",
  summary: "Обращение и переписка по порядку; ответы, которых покупатель ещё не видел, — unread",
  description: "Чужое или несуществующее обращение — 404 appeal_not_found.",
  request: { params: supportAppealParamsSchema },
  responses: { ...jsonOk(appealSchema, "Обращение"), ...errorResponses(401, 404) },
});

const markRead = defineRoute({
  ...personal,
  method: "post",
  path: "/appeals/{id}/read",
  operationId: "readSupportAppeal",
  summary: "Покупатель увидел ответы: они больше не непрочитанные",
  description:
    "Страница обращения вызывает его, показав переписку. Чужое обращение — 404, ничего не меняется.",
  request: { params: supportAppealParamsSchema },
  responses: {
    ...jsonOk(z.object({ read: z.array(z.number().int()) }), "Какие ответы отмечены прочитанными"),
    ...errorResponses(401, 404),
  },
});

const reply = defineRoute({
  ...personal,
  method: "post",
  path: "/appeals/{id}/messages",
  operationId: "replySupportAppeal",
  summary: "Ответить в обращении: оно снова ждёт ответа поддержки",
  description:
    "photoIds — до 5 фото с purpose=support (чужое или уже прикреплённое — 404 upload_not_found). Закрытое обращение — 409 appeal_closed; чужое — 404 appeal_not_found; не больше 20 сообщений за час (429 support_messages_limit).",
  statementTimeout: "write",
  request: { params: supportAppealParamsSchema, body: jsonBody(supportReplySchema) },
  responses: { ...jsonOk(appealSchema, "Обращение с ответом"), ...errorResponses(401, 404, 409, 429) },
});

export const supportRoute = createRouter()
  .openapi(listAppeals, async (c) => {
    const user = requireUser(c);
    return c.json({ items: await c.get("services").support.list(user.userId) }, 200);
  })
  .openapi(createAppeal, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").support.create(user.userId, c.req.valid("json")), 200);
  })
  .openapi(getAppeal, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").support.get(user.userId, c.req.valid("param").id), 200);
  })
  .openapi(markRead, async (c) => {
    const user = requireUser(c);
    return c.json(await c.get("services").support.markRead(user.userId, c.req.valid("param").id), 200);
  })
  .openapi(reply, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    const { text, photoIds } = c.req.valid("json");
    return c.json(await c.get("services").support.reply(user.userId, id, text, photoIds), 200);
  });

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

const queue = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminSupportQueue",
  summary: "Очередь обращений: новые первыми, фильтры по статусу и исполнителю, страницы по курсору",
  description:
    "status=open (по умолчанию), answered, closed или all; assigned=any, me (мои) или none (ничьи).",
  request: { query: staffAppealQuerySchema },
  responses: { ...jsonOk(staffAppealPageSchema, "Обращения"), ...errorResponses(401, 403) },
});

const card = defineRoute({
  ...staff,
  method: "get",
  path: "/{id}",
  operationId: "adminSupportAppeal",
  summary: "Обращение для оператора: покупатель, заказ, переписка",
  request: { params: supportAppealParamsSchema },
  responses: { ...jsonOk(staffAppealSchema, "Обращение"), ...errorResponses(401, 403, 404) },
});

const assign = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/assign",
  operationId: "adminSupportAssign",
  summary: "Взять обращение себе",
  description: "Повтор ничего не меняет. Запись в журнале действий (support.assign).",
  request: { params: supportAppealParamsSchema },
  responses: { ...jsonOk(staffAppealSchema, "Обращение"), ...errorResponses(401, 403, 404) },
});

const answer = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/answer",
  operationId: "adminSupportAnswer",
  summary: "Ответить покупателю: обращение «Есть ответ», покупателю уходит одно SMS",
  description: "Закрытое — 409 appeal_closed. Запись в журнале действий (support.answer).",
  statementTimeout: "write",
  request: { params: supportAppealParamsSchema, body: jsonBody(staffAnswerSchema) },
  responses: { ...jsonOk(staffAppealSchema, "Обращение с ответом"), ...errorResponses(401, 403, 404, 409) },
});

const close = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/close",
  operationId: "adminSupportClose",
  summary: "Закрыть обращение",
  description: "Уже закрытое — 409 appeal_closed. Запись в журнале действий (support.close).",
  request: { params: supportAppealParamsSchema },
  responses: { ...jsonOk(staffAppealSchema, "Закрытое обращение"), ...errorResponses(401, 403, 404, 409) },
});

const staffRouter = createRouter();
staffRouter.use("*", staffOnly());

function actorOf(c: Parameters<typeof requireRole>[0]) {
  const user = requireRole(c, "operator");
  return { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
}

export const adminSupportRoute = staffRouter
  .openapi(queue, async (c) => {
    const user = requireRole(c, "operator");
    return c.json(await c.get("services").support.queue(user.userId, c.req.valid("query")), 200);
  })
  .openapi(card, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").support.staffCard(c.req.valid("param").id), 200);
  })
  .openapi(assign, async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get("services").support.assignToSelf(actor, c.req.valid("param").id), 200);
  })
  .openapi(answer, async (c) => {
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").support.answer(actor, id, c.req.valid("json").text), 200);
  })
  .openapi(close, async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get("services").support.close(actor, c.req.valid("param").id), 200);
  });
