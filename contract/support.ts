import { z } from "zod";
import { idParam } from "./id-param.ts";
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_STATUSES } from "./support-info.ts";
import { FULL_NAME_MAX_LENGTH, recipientMessages } from "./address-book.ts";
import { UPLOAD_MAX_PER_OBJECT, uploadParamsSchema } from "./uploads.ts";
import { fullNameSchema, messages } from "./validation.ts";

// Support appeals (issue 21, point 3; ADR 058): the shopper's and the operators' shapes.

export const SUPPORT_MESSAGE_TOO_LONG = `Сообщение длиннее ${SUPPORT_MESSAGE_MAX_LENGTH} символов`;

const messageText = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: SUPPORT_MESSAGE_TOO_LONG });

/** Photos uploaded with purpose `support` (POST /api/v1/uploads), attached to the message they come with. */
const photoIds = z
  .array(uploadParamsSchema.shape.id)
  .max(UPLOAD_MAX_PER_OBJECT, { error: `Не больше ${UPLOAD_MAX_PER_OBJECT} фото в сообщении` })
  .default([]);

export const supportAppealParamsSchema = z.object({
  id: idParam("Обращение не найдено", 999_999_999_999),
});

export const createAppealSchema = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: "Выберите тему обращения" }),
  /** One of the shopper's orders, or none. */
  orderId: idParam("Заказ не найден", 999_999_999_999).nullish(),
  /** The spec's full-name rule, bounded as the recipients' one. */
  fullName: z
    .string({ error: messages.required })
    .max(FULL_NAME_MAX_LENGTH, { error: recipientMessages.fullNameTooLong, abort: true })
    .pipe(fullNameSchema),
  text: messageText,
  photoIds,
});
export type CreateAppealInput = z.input<typeof createAppealSchema>;

export const supportReplySchema = z.object({ text: messageText, photoIds });
/** An operator's answer: text only (a photo is its uploader's, and the shopper could not open it). */
export const staffAnswerSchema = z.object({ text: messageText });
export type SupportReplyInput = z.input<typeof supportReplySchema>;

const statusSchema = z.enum(SUPPORT_STATUSES);

export const appealSummarySchema = z.object({
  id: z.number().int(),
  category: z.enum(SUPPORT_CATEGORIES),
  categoryText: z.string(),
  status: statusSchema,
  statusText: z.string(),
  order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  /** The operator's messages the shopper has not seen yet. */
  unread: z.number().int(),
});
export type AppealSummary = z.infer<typeof appealSummarySchema>;

export const appealListSchema = z.object({ items: z.array(appealSummarySchema) });
export type AppealList = z.infer<typeof appealListSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(["shopper", "staff"]),
  text: z.string(),
  createdAt: z.string(),
  /** The message's photos: `url` as stored, `thumbUrl` 160 px wide (served to the shopper and operators). */
  photos: z.array(z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() })),
  /** An operator's answer the shopper had not seen before this read. */
  unread: z.boolean(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const appealSchema = appealSummarySchema.extend({
  fullName: z.string(),
  messages: z.array(supportMessageSchema),
});
export type Appeal = z.infer<typeof appealSchema>;

// The operators' side.

export const SUPPORT_QUEUE_LIMIT = 50;

export const staffAppealQuerySchema = z.object({
  status: z.enum([...SUPPORT_STATUSES, "all"], { error: "Неизвестный статус" }).default("open"),
  /** `me`: taken by the operator asking; `none`: nobody has taken it. */
  assigned: z.enum(["any", "me", "none"], { error: "Неизвестный фильтр" }).default("any"),
  before: z.coerce.number({ error: "Неверный курсор" }).int().positive().optional(),
  limit: z.coerce
    .number({ error: "Неверный размер страницы" })
    .int()
    .min(1)
    .max(SUPPORT_QUEUE_LIMIT)
    .default(20),
});
export type StaffAppealQuery = z.input<typeof staffAppealQuerySchema>;

const staffMember = z.object({ userId: z.number().int(), label: z.string() });

export const staffAppealSummarySchema = appealSummarySchema.omit({ unread: true }).extend({
  statusText: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  assignedTo: staffMember.nullable(),
});
export type StaffAppealSummary = z.infer<typeof staffAppealSummarySchema>;

export const staffAppealPageSchema = z.object({
  items: z.array(staffAppealSummarySchema),
  /** `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type StaffAppealPage = z.infer<typeof staffAppealPageSchema>;

export const staffSupportMessageSchema = supportMessageSchema.omit({ unread: true }).extend({
  /** Who answered (staff messages): the operator's phone or «Оператор» once the account is gone. */
  authorLabel: z.string(),
  /** When the shopper saw an operator's answer; null while unread (and for the shopper's own). */
  readAt: z.string().nullable(),
});

export const staffAppealSchema = staffAppealSummarySchema.extend({
  messages: z.array(staffSupportMessageSchema),
});
export type StaffAppeal = z.infer<typeof staffAppealSchema>;
