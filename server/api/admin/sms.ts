import { smsPageSchema, smsQuerySchema } from "#contract/admin-operations.ts";
import { requireRole, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";

// The SMS outbox (issue 20, point 7), under /api/v1/admin/sms.

const list = defineRoute({
  cache: "personal",
  security: SIGNED_IN_SECURITY,
  tags: ["admin"],
  method: "get",
  path: "/",
  operationId: "adminSmsOutbox",
  summary: "Исходящие SMS шлюза: новые первыми, фильтр по телефону",
  description:
    "Всё, что записал шлюз SMS; у встроенной заглушки это всё, что «получили» покупатели, коды входа тоже. Страницы по курсору `before`.",
  request: { query: smsQuerySchema },
  responses: { ...jsonOk(smsPageSchema, "Сообщения"), ...errorResponses(401, 403) },
});

const router = createRouter();
router.use("*", staffOnly());

export const smsRoute = router.openapi(list, async (c) => {
  requireRole(c, "operator");
  const q = c.req.valid("query");
  return c.json(
    await c.get("services").smsOutbox.list({ phone: q.phone }, { limit: q.limit, before: q.before }),
    200,
  );
});
