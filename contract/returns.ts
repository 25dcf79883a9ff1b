import { z } from "zod";
import { localDateTime } from "./delivery-dates.ts";
import { idParam } from "./id-param.ts";
import { kopecksSchema, pointsSchema } from "./money-schema.ts";
import { returnWindowLastDay } from "./return-window.ts";
import { photoIdsSchema } from "./uploads.ts";

// Returning delivered goods (issue 21, point 2; ADR 059): the shopper's request («заявка на возврат»), its
// reasons, windows and statuses, and the operators' queue. The spec's pages are /personal/refunds and
// /personal/refunds/{refundId}; the API calls a request a refund too (/api/v1/refunds).

/**
 * Why the shopper returns: the dictionary of the form. `sellerFault` reasons are claims about the goods
 * (ЗоЗПП ст. 18): they need photos, run for two years, and give the parcel's delivery back with its last
 * unit; the others return goods of proper quality (ст. 26.1) within RETURN_WINDOW_DAYS.
 */
export const RETURN_REASONS = {
  changed_mind: { text: "Передумал, товар не нужен", sellerFault: false },
  not_fit: { text: "Не подошёл размер, фасон или цвет", sellerFault: false },
  defect: { text: "Брак: не работает или сломан", sellerFault: true },
  damaged: { text: "Повреждён при доставке", sellerFault: true },
  not_as_described: { text: "Не соответствует описанию или фото", sellerFault: true },
  wrong_item: { text: "Привезли не тот товар", sellerFault: true },
  incomplete: { text: "Неполная комплектация", sellerFault: true },
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];

/** Whether the reason is a claim about the goods (photos required, the longer window). */
export const isSellerFault = (reason: string): boolean =>
  (RETURN_REASONS as Record<string, { sellerFault: boolean }>)[reason]?.sellerFault ?? false;

/**
 * Claims about defects without a warranty period of the product's own: two years from delivery (ЗоЗПП
 * ст. 19 п. 1). The catalogue keeps no warranty periods, so every product gets these two years.
 */
export const DEFECT_CLAIM_YEARS = 2;

/** The last day (YYYY-MM-DD, Moscow) a claim about goods delivered at `deliveredAt` may be made. */
export function defectClaimLastDay(deliveredAt: Date): string {
  const day = localDateTime(deliveredAt, "Europe/Moscow").date;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // 29 February plus two years is 28 February (ГК ст. 192: a period ending in a month without that day).
  const same = new Date(Date.UTC(y + DEFECT_CLAIM_YEARS, m - 1, d));
  const last = same.getUTCMonth() === m - 1 ? same : new Date(Date.UTC(y + DEFECT_CLAIM_YEARS, m, 0));
  return last.toISOString().slice(0, 10);
}

/** The last day a reason allows for goods delivered at `deliveredAt`. */
export function returnLastDay(reason: string, deliveredAt: Date): string {
  return isSellerFault(reason) ? defectClaimLastDay(deliveredAt) : returnWindowLastDay(deliveredAt);
}

export const RETURN_COMMENT_MAX_LENGTH = 1000;
export const RETURN_REJECT_REASON_MAX_LENGTH = 500;
/** Requests one shopper may send in a day (a bound on abuse, far above any honest need). */
export const RETURNS_PER_DAY = 10;

export const RETURN_STATUSES = ["sent", "approved", "rejected", "cancelled", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The moves a return request may make (ADR 059); the repository refuses any other. */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  sent: ["approved", "rejected", "cancelled", "refunded"],
  approved: ["refunded"],
  rejected: [],
  cancelled: [],
  refunded: [],
};

export const RETURN_STATUS_TEXT: Record<ReturnStatus, string> = {
  sent: "На рассмотрении",
  approved: "Одобрен, возвращаем деньги",
  rejected: "Отклонён",
  cancelled: "Отменён",
  refunded: "Деньги возвращены",
};

/**
 * The spec's texts for «order-refund unexpected error» and «refund response timeout» (its section 8 names
 * them without their words; these are ours). Shown on the request's page when its money's `Cancel` failed
 * for good, or when the acquirer did not answer the last one in time and the job is trying again.
 */
export const REFUND_ERROR_TEXT = {
  unexpected:
    "При возврате денег произошла непредвиденная ошибка. Мы уже разбираемся и вернём деньги вручную — писать нам не нужно",
  timeout:
    "Банк не ответил на запрос о возврате вовремя. Мы повторим его автоматически — деньги вернутся, как только банк подтвердит возврат",
} as const;

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
