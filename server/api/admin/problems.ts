import {
  paymentProblemPageSchema,
  paymentProblemParamsSchema,
  paymentProblemQuerySchema,
  paymentProblemSchema,
  resolvePaymentProblemSchema,
} from "#contract/admin-operations.ts";
import { requireRole, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import { clientAddress } from "#server/http/client-address.ts";

// The operators' queue of payments (issue 20, point 9), under /api/v1/admin/payment-problems.

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

const list = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminPaymentProblems",
  summary: "Проблемные платежи: открытые первыми, с номером заказа и суммой платежа",
  description:
    "state=open (по умолчанию), resolved или all (сначала открытые, потом решённые); страницы по курсору `before` из поля `next`.",
  request: { query: paymentProblemQuerySchema },
  responses: { ...jsonOk(paymentProblemPageSchema, "Проблемы"), ...errorResponses(401, 403) },
});

const resolve = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/resolve",
  operationId: "adminResolvePaymentProblem",
  summary: "Отметить проблему решённой, с заметкой о том, как решили",
  description: "409 already_resolved — уже решена. Запись в журнале действий (payment_problem.resolve).",
  request: { params: paymentProblemParamsSchema, body: jsonBody(resolvePaymentProblemSchema) },
  responses: { ...jsonOk(paymentProblemSchema, "Решённая проблема"), ...errorResponses(401, 403, 404, 409) },
});

const retry = defineRoute({
  ...staff,
  method: "post",
  path: "/{id}/retry",
  operationId: "adminRetryPaymentProblem",
  summary: "Повторить возврат денег",
  description:
    "return_failed: задача return-payment запускается снова со всеми попытками, пока платёж возвращается; refund_failed: неудавшиеся возвраты по платежу снова ждут отправки, их задачи refund-order запускаются снова. 409: already_resolved, payment_not_returning, retry_in_progress, nothing_to_retry, retry_not_applicable (банк вернул деньги сам). Запись в журнале действий (payment_problem.retry).",
  request: { params: paymentProblemParamsSchema },
  responses: {
    ...jsonOk(paymentProblemSchema, "Проблема после повтора"),
    ...errorResponses(401, 403, 404, 409),
  },
});

const router = createRouter();
router.use("*", staffOnly());

export const paymentProblemsRoute = router
  .openapi(list, async (c) => {
    requireRole(c, "operator");
    const q = c.req.valid("query");
    return c.json(
      await c.get("services").paymentProblems.list(q.state, { limit: q.limit, before: q.before }),
      200,
    );
  })
  .openapi(resolve, async (c) => {
    const user = requireRole(c, "operator");
    const actor = { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").paymentProblems.resolve(actor, id, c.req.valid("json").note), 200);
  })
  .openapi(retry, async (c) => {
    const user = requireRole(c, "operator");
    const actor = { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
    return c.json(await c.get("services").paymentProblems.retry(actor, c.req.valid("param").id), 200);
  });
