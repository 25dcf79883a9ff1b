import { QUESTIONS_PER_DAY } from "#contract/question-rules.ts";
import {
  answerQuestionSchema,
  askQuestionSchema,
  deletedQuestionSchema,
  hideQuestionSchema,
  productQuestionPageSchema,
  productQuestionSchema,
  questionListQuerySchema,
  questionParamsSchema,
  staffQuestionPageSchema,
  staffQuestionQuerySchema,
  staffQuestionSchema,
  stockAlertSchema,
} from "#contract/questions.ts";
import { requireRole, requireUser, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { productIdParamsSchema } from "#server/api/products/schemas.ts";
import { clientAddress } from "#server/http/client-address.ts";

// Questions about a product and «Сообщить о поступлении» (issue 22, point 5; ADR 066): the product's list
// and asking under /api/v1/products/{id}/questions, the wait for a sold-out product under
// /api/v1/products/{id}/stock-alert, taking back one's question under /api/v1/questions, the operators'
// queue under /api/v1/admin/questions (behind staffOnly, every action in the audit log). The product page
// asks all of it after hydration: the page itself stays the same for everyone and cached.

const questions = {
  cache: "personal" as const,
  security: SIGNED_IN_SECURITY,
  tags: ["questions"] as [string],
};
const alerts = {
  cache: "personal" as const,
  security: SIGNED_IN_SECURITY,
  tags: ["stock-alerts"] as [string],
};

const list = defineRoute({
  ...questions,
  method: "get",
  path: "/{id}/questions",
  operationId: "getProductQuestions",
  summary: "Вопросы о товаре: с ответами — всем, свои — автору в любом статусе; новые первыми",
  description:
    "Сессия необязательна: без входа — только опубликованные вопросы с ответом. Вошедший покупатель видит и свои вопросы: ждущие ответа (state=pending) и скрытые модератором (state=hidden, с причиной); чужие такие не показываются никогда. total — число опубликованных вопросов с ответом. Страницы по курсору before.",
  request: { params: productIdParamsSchema, query: questionListQuerySchema },
  responses: { ...jsonOk(productQuestionPageSchema, "Вопросы"), ...errorResponses(404) },
});

const ask = defineRoute({
  ...questions,
  method: "post",
  path: "/{id}/questions",
  operationId: "askProductQuestion",
  summary: "Задать вопрос о товаре",
  description: `Текст 1–1000 символов, хранится как текст. Вопрос виден автору со статусом «Ждёт ответа», остальным — когда на него ответят. Больше ${QUESTIONS_PER_DAY} вопросов за сутки — 429 questions_limit. Ответ придёт SMS.`,
  statementTimeout: "write",
  request: { params: productIdParamsSchema, body: jsonBody(askQuestionSchema) },
  responses: { ...jsonOk(productQuestionSchema, "Вопрос"), ...errorResponses(401, 404, 429) },
});

export const productQuestionsRoute = createRouter()
  .openapi(list, async (c) => {
    const actor = c.get("actor");
    const { id } = c.req.valid("param");
    const readerId = actor.kind === "user" ? actor.userId : undefined;
    return c.json(await c.get("services").questions.page(id, readerId, c.req.valid("query")), 200);
  })
  .openapi(ask, async (c) => {
    const { userId } = requireUser(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").questions.ask(userId, id, c.req.valid("json").text), 200);
  });

const alertState = defineRoute({
  ...alerts,
  method: "get",
  path: "/{id}/stock-alert",
  operationId: "getStockAlert",
  summary: "Ждёт ли покупатель поступления товара",
  description:
    "waiting — подписка действует; notifiedAt — когда пришло SMS о поступлении (тогда ожидание закончено).",
  request: { params: productIdParamsSchema },
  responses: { ...jsonOk(stockAlertSchema, "Подписка"), ...errorResponses(401, 404) },
});

const subscribe = defineRoute({
  ...alerts,
  method: "put",
  path: "/{id}/stock-alert",
  operationId: "subscribeStockAlert",
  summary: "«Сообщить о поступлении»: SMS, когда товар снова появится в продаже",
  description:
    "Повтор ничего не меняет; после пришедшего SMS — ждать снова. Товар в продаже — 409 product_in_stock.",
  statementTimeout: "write",
  request: { params: productIdParamsSchema },
  responses: { ...jsonOk(stockAlertSchema, "Подписка"), ...errorResponses(401, 404, 409) },
});

const unsubscribe = defineRoute({
  ...alerts,
  method: "delete",
  path: "/{id}/stock-alert",
  operationId: "cancelStockAlert",
  summary: "Больше не ждать поступления товара",
  statementTimeout: "write",
  request: { params: productIdParamsSchema },
  responses: { ...jsonOk(stockAlertSchema, "Подписка снята"), ...errorResponses(401, 404) },
});

export const stockAlertRoute = createRouter()
  .openapi(alertState, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").stockAlerts.state(userId, c.req.valid("param").id), 200);
  })
  .openapi(subscribe, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").stockAlerts.subscribe(userId, c.req.valid("param").id), 200);
  })
  .openapi(unsubscribe, async (c) => {
    const { userId } = requireUser(c);
    return c.json(await c.get("services").stockAlerts.cancel(userId, c.req.valid("param").id), 200);
  });

const remove = defineRoute({
  ...questions,
  method: "delete",
  path: "/{id}",
  operationId: "deleteMyQuestion",
  summary: "Удалить свой вопрос, пока на него не ответили",
  description: "Чужой или несуществующий — 404 question_not_found; с ответом — 409 question_answered.",
  statementTimeout: "write",
  request: { params: questionParamsSchema },
  responses: { ...jsonOk(deletedQuestionSchema, "Вопрос удалён"), ...errorResponses(401, 404, 409) },
});

export const questionsRoute = createRouter().openapi(remove, async (c) => {
  const { userId } = requireUser(c);
  const { id } = c.req.valid("param");
  await c.get("services").questions.remove(userId, id);
  return c.json({ id, deleted: true as const }, 200);
});

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

const queue = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminQuestions",
  summary: "Вопросы о товарах: очередь без ответа (старые первыми), с ответом, скрытые, все",
  description:
    "status=unanswered (по умолчанию) — старые первыми, cursor — id последнего на странице; остальные — новые первыми.",
  request: { query: staffQuestionQuerySchema },
  responses: { ...jsonOk(staffQuestionPageSchema, "Вопросы"), ...errorResponses(401, 403) },
});

const answer = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/answer",
  operationId: "adminAnswerQuestion",
  summary: "Ответить на вопрос от имени продавца или Витрины",
  description:
    "Ответ публикуется на странице товара, автору уходит одно SMS. Уже отвечен — 409 question_answered; скрыт — 409 question_state. Запись в журнале действий (question.answer).",
  statementTimeout: "write",
  request: { params: questionParamsSchema, body: jsonBody(answerQuestionSchema) },
  responses: { ...jsonOk(staffQuestionSchema, "Вопрос с ответом"), ...errorResponses(401, 403, 404, 409) },
});

const hide = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/hide",
  operationId: "adminHideQuestion",
  summary: "Скрыть вопрос с причиной: он уходит со страницы товара, автор видит причину",
  description: "Уже скрытый — 409 question_state. Запись в журнале действий (question.hide) с причиной.",
  statementTimeout: "write",
  request: { params: questionParamsSchema, body: jsonBody(hideQuestionSchema) },
  responses: { ...jsonOk(staffQuestionSchema, "Скрытый вопрос"), ...errorResponses(401, 403, 404, 409) },
});

const show = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/show",
  operationId: "adminShowQuestion",
  summary: "Вернуть скрытый вопрос",
  description: "Опубликованный — 409 question_state. Запись в журнале действий (question.show).",
  statementTimeout: "write",
  request: { params: questionParamsSchema },
  responses: {
    ...jsonOk(staffQuestionSchema, "Опубликованный вопрос"),
    ...errorResponses(401, 403, 404, 409),
  },
});

const staffRouter = createRouter();
staffRouter.use("*", staffOnly());

function actorOf(c: Parameters<typeof requireRole>[0]) {
  const user = requireRole(c, "operator");
  return { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
}

export const adminQuestionsRoute = staffRouter
  .openapi(queue, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").questions.queue(c.req.valid("query")), 200);
  })
  .openapi(answer, async (c) => {
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").questions.answer(actor, id, c.req.valid("json")), 200);
  })
  .openapi(hide, async (c) => {
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").questions.hide(actor, id, c.req.valid("json").reason), 200);
  })
  .openapi(show, async (c) => {
    const actor = actorOf(c);
    return c.json(await c.get("services").questions.show(actor, c.req.valid("param").id), 200);
  });
