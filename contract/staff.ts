import { z } from "zod";
import { idParam } from "./id-param.ts";
import { kopecksSchema } from "./money-schema.ts";
import { MAX_ROW_ID } from "./numeric-id.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "./order-states.ts";
import { orderSchema } from "./orders.ts";
import { STAFF_ROLES } from "./roles.ts";
import { messages, toE164Phone } from "./validation.ts";
import { NOTE_MAX_LENGTH } from "./operations-rules.ts";

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
      /** Goods and delivery, before points: what the order is worth, however it was paid. */
      total: kopecksSchema,
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

const noteMessage = `Заметка — от 1 до ${NOTE_MAX_LENGTH} символов`;

/** `POST /api/v1/admin/orders/{id}/notes`: an operator's internal note (never shown to the shopper). */
export const orderNoteInputSchema = z.object({
  text: z
    .string({ error: noteMessage })
    .trim()
    .min(1, { error: noteMessage })
    .max(NOTE_MAX_LENGTH, { error: noteMessage }),
});
export type OrderNoteInput = z.input<typeof orderNoteInputSchema>;

export const orderNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Who wrote it: the staff account (null once the account is gone) and how to name them. */
  authorUserId: z.number().int().nullable(),
  author: z.string(),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** One attempt to pay the order, as support reads it. */
export const staffPaymentSchema = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  method: z.enum(["card", "sbp", "points", "installments"]),
  status: z.enum(PAYMENT_STATUSES),
  amount: kopecksSchema,
  refundedAmount: kopecksSchema,
  createdAt: z.string(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/** One change of the order or a parcel, with who made it: a staff member by name, the shopper, the bank, a job. */
export const staffEventSchema = z.object({
  at: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusText: z.string(),
  shipmentId: z.number().int().nullable(),
  actor: z.string(),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

/** The order card of the back office: the shopper's view of the order and what only staff see. */
export const staffOrderCardSchema = z.object({
  order: orderSchema,
  userId: z.number().int(),
  shopper: z.object({
    phone: z.string().nullable(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
  }),
  payments: z.array(staffPaymentSchema),
  /** The order's timeline with who made each change (the shopper's `order.timeline` says only when). */
  history: z.array(staffEventSchema),
  /** Internal notes, oldest first. */
  notes: z.array(orderNoteSchema),
});
export type StaffOrderCard = z.infer<typeof staffOrderCardSchema>;
