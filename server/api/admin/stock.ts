import {
  adjustStockSchema,
  stockItemSchema,
  stockListSchema,
  stockParamsSchema,
  stockQuerySchema,
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

// Stock by hand (issue 20, point 10; ADR 048), under /api/v1/admin/stock.

const staff = { cache: "personal" as const, security: SIGNED_IN_SECURITY, tags: ["admin"] as [string] };

const find = defineRoute({
  ...staff,
  method: "get",
  path: "/",
  operationId: "adminFindStock",
  summary: "Найти товар по номеру или названию: на складе, в резерве, доступно",
  description: "До 20 товаров; номер товара первым, если он совпал.",
  request: { query: stockQuerySchema },
  responses: { ...jsonOk(stockListSchema, "Товары"), ...errorResponses(401, 403) },
});

const one = defineRoute({
  ...staff,
  method: "get",
  path: "/{productId}",
  operationId: "adminProductStock",
  summary: "Остаток одного товара",
  request: { params: stockParamsSchema },
  responses: { ...jsonOk(stockItemSchema, "Товар"), ...errorResponses(401, 403, 404) },
});

const adjust = defineRoute({
  ...staff,
  method: "post",
  path: "/{productId}",
  operationId: "adminAdjustStock",
  summary: "Задать количество на складе или изменить его, с причиной",
  description:
    "onHand — сколько штук на складе вместе с резервом заказов, или delta — на сколько изменить; причина обязательна (до 500 символов). 409 below_reserved — меньше, чем в резерве заказов, которые ещё не переданы в доставку. Витрина видит изменение через уведомления склада (ADR 048). Запись в журнале действий (stock.adjust).",
  request: { params: stockParamsSchema, body: jsonBody(adjustStockSchema) },
  responses: { ...jsonOk(stockItemSchema, "Товар после изменения"), ...errorResponses(401, 403, 404, 409) },
});

const router = createRouter();
router.use("*", staffOnly());

export const stockRoute = router
  .openapi(find, async (c) => {
    requireRole(c, "operator");
    return c.json({ items: await c.get("services").stockDesk.find(c.req.valid("query").q) }, 200);
  })
  .openapi(one, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").stockDesk.get(c.req.valid("param").productId), 200);
  })
  .openapi(adjust, async (c) => {
    const user = requireRole(c, "operator");
    const actor = { userId: user.userId, label: `user:${user.userId}`, address: clientAddress(c) ?? null };
    const body = c.req.valid("json");
    return c.json(await c.get("services").stockDesk.adjust(actor, c.req.valid("param").productId, body), 200);
  });
