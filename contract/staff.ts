import { z } from "zod";
import { idParam } from "./id-param.ts";
import { kopecksSchema } from "./money-schema.ts";
import { ORDER_STATUSES } from "./order-states.ts";
import { MAX_ROW_ID } from "./numeric-id.ts";
import { STAFF_ROLES } from "./roles.ts";
import { messages, toE164Phone } from "./validation.ts";

// The back office's staff and audit log (issue 20, points 1 and 8; ADR 051).

const limitMessage = "Размер страницы — целое число от 1 до 200";
const pageLimit = z.coerce
  .number({ error: limitMessage })
  .int({ error: limitMessage })
  .min(1, { error: limitMessage })
  .max(200, { error: limitMessage })
  .default(50);

const roleMessage = "Выберите роль: оператор или администратор";

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: roleMessage });

export const grantRoleSchema = z.object({
  /** As the mask shows it, +7 (900) 000-00-01, or E.164. */
  phone: z.string({ error: messages.phone }).transform(toE164Phone),
  role: staffRoleSchema,
});
export type GrantRoleInput = z.input<typeof grantRoleSchema>;

export const staffMemberSchema = z.object({
  userId: z.number().int(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  roles: z.array(z.string()),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

export const staffRoleParamsSchema = z.object({
  userId: idParam("Номер сотрудника должен быть целым положительным числом", MAX_ROW_ID),
  role: staffRoleSchema,
});

export const auditQuerySchema = z.object({
  action: z.string().max(64, { error: "Действие — не длиннее 64 символов" }).optional(),
  actorUserId: idParam("Номер сотрудника должен быть целым положительным числом", MAX_ROW_ID).optional(),
  from: z.iso.datetime({ offset: true, error: "Дата — в формате ISO 8601" }).optional(),
  to: z.iso.datetime({ offset: true, error: "Дата — в формате ISO 8601" }).optional(),
  before: idParam("Курсор должен быть целым положительным числом", Number.MAX_SAFE_INTEGER).optional(),
  limit: pageLimit,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorUserId: z.number().int().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  address: z.string().nullable(),
  createdAt: z.string(),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** The `before` of the next page; null on the last. */
  next: z.number().int().nullable(),
});

/** `GET /api/v1/admin/orders`: the back office's order list (ADR 053). */
export const staffOrderQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Неизвестный статус заказа" }).optional(),
  number: z
    .string()
    .regex(/^\d{4}-\d{4}$/, { error: "Номер заказа — восемь цифр через дефис: 1234-5678" })
    .optional(),
  phone: z.string().transform(toE164Phone).optional(),
  deliveryType: z.enum(["courier", "pickup"], { error: "Способ доставки: courier или pickup" }).optional(),
  /** Orders with a shipment of this seller: its id or its code (as in `/seller/{code}`). */
  seller: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "Продавец — его номер или код из латинских букв и цифр" })
    .optional(),
  from: z.iso.datetime({ offset: true, error: "Дата — в формате ISO 8601" }).optional(),
  to: z.iso.datetime({ offset: true, error: "Дата — в формате ISO 8601" }).optional(),
  before: idParam("Курсор должен быть целым положительным числом", Number.MAX_SAFE_INTEGER).optional(),
  limit: pageLimit,
});
export type StaffOrderQuery = z.input<typeof staffOrderQuerySchema>;

/** `GET /api/v1/admin/sellers`: every seller, by name, for the order list's seller filter. */
export const staffSellerListSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});

export const staffOrderListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      statusText: z.string(),
      createdAt: z.string(),
      deliveryType: z.enum(["courier", "pickup"]),
      toPay: kopecksSchema,
      phone: z.string().nullable(),
    }),
  ),
  next: z.number().int().nullable(),
});

export const staffOrderParamsSchema = z.object({
  id: idParam("Заказ не найден", 999_999_999_999),
});

export const staffShipmentParamsSchema = staffOrderParamsSchema.extend({
  shipmentId: idParam("Отправление не найдено", 999_999_999_999),
});

export const moveShipmentSchema = z.object({
  to: z.enum(ORDER_STATUSES, { error: "Неизвестный статус" }),
});
