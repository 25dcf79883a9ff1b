import { z } from "zod";
import { idParam } from "./id-param.ts";
import { kopecksSchema, pointsSchema } from "./money-schema.ts";
import {
  isSellerFault,
  RETURN_COMMENT_MAX_LENGTH,
  RETURN_REASON_KEYS,
  RETURN_REJECT_REASON_MAX_LENGTH,
  RETURN_STATUSES,
} from "./return-rules.ts";
import { photoIdsSchema } from "./uploads.ts";

export * from "./return-rules.ts";

// Returning delivered goods (issue 21, point 2; ADR 059): the shopper's request («заявка на возврат»), its
// reasons, windows and statuses, and the operators' queue. The spec's pages are /personal/refunds and
// /personal/refunds/{refundId}; the API calls a request a refund too (/api/v1/refunds).

export const refundParamsSchema = z.object({ id: idParam("Заявка на возврат не найдена", 999_999_999_999) });

const returnLineInput = z.object({
  lineId: z.number({ error: "Выберите товар" }).int().positive(),
  quantity: z
    .number({ error: "Укажите количество" })
    .int({ error: "Количество — целое число" })
    .min(1, { error: "Количество — от 1" })
    .max(999, { error: "Слишком большое количество" }),
});

export const createReturnSchema = z
  .object({
    orderId: z.number({ error: "Заказ не найден" }).int().positive(),
    lines: z
      .array(returnLineInput, { error: "Выберите товары для возврата" })
      .min(1, { error: "Выберите товары для возврата" })
      .max(100, { error: "Слишком много товаров" })
      .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, {
        error: "Товар выбран дважды",
      }),
    reason: z.enum(RETURN_REASON_KEYS, { error: "Выберите причину возврата" }),
    comment: z
      .string({ error: "Комментарий — текст" })
      .trim()
      .max(RETURN_COMMENT_MAX_LENGTH, { error: `Комментарий длиннее ${RETURN_COMMENT_MAX_LENGTH} символов` })
      .default(""),
    photoIds: photoIdsSchema.default([]),
  })
  .superRefine((value, ctx) => {
    if (isSellerFault(value.reason) && value.photoIds.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["photoIds"],
        message: "Приложите хотя бы одно фото: по нему продавец проверит товар",
      });
    }
  });
export type CreateReturnInput = z.input<typeof createReturnSchema>;

export const rejectReturnSchema = z.object({
  reason: z
    .string({ error: "Укажите причину отказа" })
    .trim()
    .min(1, { error: "Укажите причину отказа" })
    .max(RETURN_REJECT_REASON_MAX_LENGTH, {
      error: `Причина длиннее ${RETURN_REJECT_REASON_MAX_LENGTH} символов`,
    }),
});

/** What of a delivered order can still go back, for the form. */
export const returnableSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      productId: z.number().int(),
      name: z.string(),
      price: kopecksSchema,
      image: z.object({ url: z.string(), alt: z.string() }).nullable(),
      /** Units bought, and units still free to return (not in a sent, approved or refunded request). */
      quantity: z.number().int(),
      returnable: z.number().int(),
      deliveredAt: z.iso.datetime({ offset: true }),
      /** The last day of the return window for goods of proper quality, and of claims about defects. */
      lastDay: z.iso.date(),
      defectLastDay: z.iso.date(),
    }),
  ),
});
export type Returnable = z.infer<typeof returnableSchema>;

const returnEventSchema = z.object({
  status: z.enum(RETURN_STATUSES),
  text: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** The operator's reason of a rejection. */
  note: z.string().nullable(),
});

const returnLineSchema = z.object({
  lineId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  price: kopecksSchema,
  quantity: z.number().int(),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
});

const photoSchema = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() });

export const returnSummarySchema = z.object({
  id: z.number().int(),
  order: z.object({ id: z.number().int(), number: z.string() }),
  status: z.enum(RETURN_STATUSES),
  statusText: z.string(),
  reason: z.enum(RETURN_REASON_KEYS),
  reasonText: z.string(),
  /** To the card, kopecks, and to the points balance. */
  amount: kopecksSchema,
  points: pointsSchema,
  createdAt: z.iso.datetime({ offset: true }),
  lines: z.array(returnLineSchema),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnListSchema = z.object({ items: z.array(returnSummarySchema) });

export const returnSchema = returnSummarySchema.extend({
  comment: z.string(),
  photos: z.array(photoSchema),
  /** The operator's reason when rejected. */
  decisionReason: z.string().nullable(),
  timeline: z.array(returnEventSchema),
  /** The shopper may withdraw it (while it is being considered). */
  cancellable: z.boolean(),
  /**
   * How the money's way back goes once approved: `pending` (sent to the bank), `done`, `failed` (for good:
   * an operator takes over); `error` says why the last try did not go through while the job tries again.
   */
  money: z
    .object({
      status: z.enum(["pending", "done", "failed"]),
      error: z.enum(["timeout", "error"]).nullable(),
      /** REFUND_ERROR_TEXT's words for the shopper, when there is something to say. */
      notice: z.string().nullable(),
    })
    .nullable(),
});
export type ReturnRequest = z.infer<typeof returnSchema>;

// The operators' side.

export const staffReturnQuerySchema = z.object({
  status: z.enum([...RETURN_STATUSES, "all"], { error: "Неизвестный статус" }).default("sent"),
  before: z.coerce.number({ error: "Неверный курсор" }).int().positive().optional(),
  limit: z.coerce.number({ error: "Неверный размер страницы" }).int().min(1).max(50).default(20),
});
export type StaffReturnQuery = z.input<typeof staffReturnQuerySchema>;

export const staffReturnSchema = returnSchema.omit({ cancellable: true }).extend({
  shopper: z.object({ userId: z.number().int(), phone: z.string().nullable() }),
  decidedBy: z.string().nullable(),
  /** What the order paid: the ceiling of every refund. */
  paidByCard: kopecksSchema,
  bonusSpent: pointsSchema,
});
export type StaffReturn = z.infer<typeof staffReturnSchema>;

export const staffReturnPageSchema = z.object({
  items: z.array(returnSummarySchema.extend({ phone: z.string().nullable() })),
  next: z.number().int().nullable(),
});
export type StaffReturnPage = z.infer<typeof staffReturnPageSchema>;
