import { adminRefundsRoute } from "#server/api/refunds/route.ts";
import { z } from "@hono/zod-openapi";
import {
  auditPageSchema,
  auditQuerySchema,
  grantRoleSchema,
  moveShipmentSchema,
  orderNoteInputSchema,
  staffOrderCardSchema,
  staffOrderListSchema,
  staffOrderParamsSchema,
  staffOrderQuerySchema,
  staffShipmentParamsSchema,
  staffMemberSchema,
  staffRoleParamsSchema,
  staffSellerListSchema,
} from "#contract/staff.ts";
import { staffCancelSchema } from "#contract/cancellation.ts";
import { adminOnly, requireRole, staffOnly } from "#server/api/actor.ts";
import {
  createRouter,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonOk,
  SIGNED_IN_SECURITY,
} from "#server/api/define-route.ts";
import type { AuditActor } from "#server/domain/audit/repository.ts";
import { clientAddress } from "#server/http/client-address.ts";
import type { AppEnv } from "#server/http/env.ts";
import type { Context } from "hono";
import { paymentProblemsRoute } from "./problems.ts";
import { smsRoute } from "./sms.ts";
import { adminImagesRoute } from "./images.ts";
import { adminBannersRoute, adminProductsRoute } from "./merchandising.ts";
import { stockRoute } from "./stock.ts";
import { adminSupportRoute } from "#server/api/support/route.ts";
import { adminReviewsRoute } from "#server/api/reviews/route.ts";
import { adminQuestionsRoute } from "#server/api/questions/route.ts";

// The back office's API (issue 20; ADR 051). Every operation here is behind `staffOnly`: signed out 401, a
// shopper 403; admin-only ones check the admin role too.

const staff = {
  cache: "personal" as const,
  security: SIGNED_IN_SECURITY,
};

const meSchema = z.object({
  userId: z.number().int(),
  roles: z.array(z.string()),
});

const me = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "get",
  path: "/me",
  operationId: "adminMe",
  summary: "Кто работает в бэк-офисе: номер аккаунта и роли",
  responses: { ...jsonOk(meSchema, "Сотрудник"), ...errorResponses(401, 403) },
});

const listStaff = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "get",
  path: "/staff",
  operationId: "adminListStaff",
  summary: "Операторы и администраторы (только администратор)",
  responses: {
    ...jsonOk(z.object({ items: z.array(staffMemberSchema) }), "Сотрудники"),
    ...errorResponses(401, 403),
  },
});

const grantRole = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "post",
  path: "/staff",
  operationId: "adminGrantRole",
  summary: "Назначить роль по телефону (только администратор)",
  description:
    "Аккаунт с этим телефоном получает роль; если с ним ещё никто не входил, аккаунт создаётся — сотрудник войдёт по SMS. Повтор ничего не меняет. Запись в журнале действий.",
  request: { body: jsonBody(grantRoleSchema) },
  responses: { ...jsonOk(staffMemberSchema, "Сотрудник с ролью"), ...errorResponses(401, 403) },
});

const revokeRole = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "delete",
  path: "/staff/{userId}/roles/{role}",
  operationId: "adminRevokeRole",
  summary: "Снять роль (только администратор)",
  description:
    "404 role_not_held — у сотрудника нет этой роли; 409 own_admin_role — свою роль администратора снять нельзя; 409 last_admin — последний администратор остаётся. Запись в журнале действий.",
  request: { params: staffRoleParamsSchema },
  responses: { ...jsonOk(staffMemberSchema, "Сотрудник без роли"), ...errorResponses(401, 403, 404, 409) },
});

const auditLog = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "get",
  path: "/audit",
  operationId: "adminAuditLog",
  summary: "Журнал действий сотрудников (только администратор)",
  description: "Новые первыми; фильтры по действию, сотруднику и периоду; страницы по курсору `before`.",
  request: { query: auditQuerySchema },
  responses: { ...jsonOk(auditPageSchema, "Записи журнала"), ...errorResponses(401, 403) },
});

const listOrders = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "get",
  path: "/orders",
  operationId: "adminListOrders",
  summary: "Заказы для оператора: новые первыми, с фильтрами и страницами по курсору",
  request: { query: staffOrderQuerySchema },
  responses: { ...jsonOk(staffOrderListSchema, "Заказы"), ...errorResponses(401, 403) },
});

const listSellers = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "get",
  path: "/sellers",
  operationId: "adminListSellers",
  summary: "Продавцы по названию — для фильтра списка заказов",
  responses: { ...jsonOk(staffSellerListSchema, "Продавцы"), ...errorResponses(401, 403) },
});

const orderCard = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "get",
  path: "/orders/{id}",
  operationId: "adminOrderCard",
  summary: "Карточка заказа для оператора: отправления, история статусов, покупатель, платежи, заметки",
  request: { params: staffOrderParamsSchema },
  responses: { ...jsonOk(staffOrderCardSchema, "Заказ"), ...errorResponses(401, 403, 404) },
});

const moveShipment = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "post",
  path: "/orders/{id}/shipments/{shipmentId}/moves",
  operationId: "adminMoveShipment",
  summary: "Перевести отправление в следующий статус",
  description:
    "Только по таблице ORDER_TRANSITIONS: оплачен → собирается → в доставке → ждёт в пункте выдачи (самовывоз: срок хранения по пункту и код получения) или получен (курьер); ждёт в пункте → получен. 409 transition_not_allowed — иначе. Запись в истории заказа и в журнале действий.",
  request: { params: staffShipmentParamsSchema, body: jsonBody(moveShipmentSchema) },
  responses: {
    ...jsonOk(staffOrderCardSchema, "Заказ после перевода"),
    ...errorResponses(401, 403, 404, 409),
  },
});

const addNote = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "post",
  path: "/orders/{id}/notes",
  operationId: "adminAddOrderNote",
  summary: "Добавить внутреннюю заметку к заказу",
  description:
    "Заметку видят только сотрудники (в карточке заказа); покупателю она не показывается. До 2000 символов. Запись в журнале действий (order.note).",
  request: { params: staffOrderParamsSchema, body: jsonBody(orderNoteInputSchema) },
  responses: {
    ...jsonOk(staffOrderCardSchema, "Заказ с новой заметкой"),
    ...errorResponses(401, 403, 404),
  },
});

const cancelOrder = defineRoute({
  ...staff,
  tags: ["admin"],
  method: "post",
  path: "/orders/{id}/cancel",
  operationId: "adminCancelOrder",
  summary: "Отменить заказ или одно отправление по решению оператора",
  description:
    "Без shipmentId — все отправления, которые ещё не у покупателя, с ним — одно; причина из словаря STAFF_CANCEL_REASONS. Можно на любом этапе до получения. Остатки, баллы, интервал курьера возвращаются сразу, кешбэк сгорает, деньги — задачей refund-order (частичный Cancel с чеком). 409 cancel_not_allowed — отправление уже получено. Запись в истории заказа и в журнале действий (order.cancel).",
  statementTimeout: "write",
  request: { params: staffOrderParamsSchema, body: jsonBody(staffCancelSchema) },
  responses: {
    ...jsonOk(staffOrderCardSchema, "Заказ после отмены"),
    ...errorResponses(401, 403, 404, 409),
  },
});

/** The staff member as the audit log records them: account, phone at the time, address. */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
function auditActor(c: Context<AppEnv, any, any>, userId: number): AuditActor {
  return { userId, label: `user:${userId}`, address: clientAddress(c) ?? null };
}

const router = createRouter();
// Before every operation, validation included; the admin's operations are gated for the admin as well.
router.use("*", staffOnly());
for (const path of ["/staff", "/staff/*", "/audit"]) router.use(path, adminOnly());

export const adminRoute = router
  .openapi(me, (c) => {
    const user = requireRole(c, "operator");
    return c.json({ userId: user.userId, roles: user.roles }, 200);
  })
  .openapi(listStaff, async (c) => {
    requireRole(c, "admin");
    return c.json({ items: await c.get("services").staff.list() }, 200);
  })
  .openapi(grantRole, async (c) => {
    const user = requireRole(c, "admin");
    const { phone, role } = c.req.valid("json");
    return c.json(await c.get("services").staff.grant(auditActor(c, user.userId), phone, role), 200);
  })
  .openapi(revokeRole, async (c) => {
    const user = requireRole(c, "admin");
    const { userId, role } = c.req.valid("param");
    return c.json(await c.get("services").staff.revoke(auditActor(c, user.userId), userId, role), 200);
  })
  .openapi(listOrders, async (c) => {
    requireRole(c, "operator");
    const q = c.req.valid("query");
    const page = await c.get("services").orders.staffList(
      {
        status: q.status,
        number: q.number,
        phone: q.phone,
        deliveryType: q.deliveryType,
        seller: q.seller,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      { limit: q.limit, before: q.before },
    );
    return c.json(page, 200);
  })
  .openapi(listSellers, async (c) => {
    requireRole(c, "operator");
    return c.json({ items: await c.get("services").orders.sellerChoices() }, 200);
  })
  .openapi(orderCard, async (c) => {
    requireRole(c, "operator");
    return c.json(await c.get("services").orders.staffCard(c.req.valid("param").id), 200);
  })
  .openapi(moveShipment, async (c) => {
    const user = requireRole(c, "operator");
    const { id, shipmentId } = c.req.valid("param");
    const orders = c.get("services").orders;
    await orders.moveShipment(
      { userId: user.userId, address: clientAddress(c) ?? null },
      id,
      shipmentId,
      c.req.valid("json").to,
    );
    return c.json(await orders.staffCard(id), 200);
  })
  .openapi(addNote, async (c) => {
    const user = requireRole(c, "operator");
    const { id } = c.req.valid("param");
    const orders = c.get("services").orders;
    await orders.addNote(
      { userId: user.userId, address: clientAddress(c) ?? null },
      id,
      c.req.valid("json").text,
    );
    return c.json(await orders.staffCard(id), 200);
  })
  .openapi(cancelOrder, async (c) => {
    const user = requireRole(c, "operator");
    const { id } = c.req.valid("param");
    const orders = c.get("services").orders;
    await orders.cancel(
      { kind: "staff", userId: user.userId, address: clientAddress(c) ?? null },
      id,
      c.req.valid("json"),
    );
    return c.json(await orders.staffCard(id), 200);
  })
  .openapi(auditLog, async (c) => {
    requireRole(c, "admin");
    const q = c.req.valid("query");
    const rows = await c.get("services").audit.list(
      {
        action: q.action,
        actorUserId: q.actorUserId,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      { limit: q.limit + 1, before: q.before },
    );
    const items = rows.slice(0, q.limit).map((r) => ({
      ...r,
      details: r.details as Record<string, unknown>,
      createdAt: r.createdAt.toISOString(),
    }));
    return c.json({ items, next: rows.length > q.limit ? items.at(-1)!.id : null }, 200);
  })
  // The operations screens' routers (issue 20, points 7, 9, 10), behind the same gate.
  .route("/payment-problems", paymentProblemsRoute)
  .route("/stock", stockRoute)
  .route("/images", adminImagesRoute)
  .route("/products", adminProductsRoute)
  .route("/banners", adminBannersRoute)
  .route("/sms", smsRoute)
  .route("/support", adminSupportRoute)
  .route("/refunds", adminRefundsRoute)
  .route("/reviews", adminReviewsRoute)
  .route("/questions", adminQuestionsRoute);
