import { z } from "zod";
import { idParam } from "./id-param.ts";
import { kopecksSchema } from "./money-schema.ts";
import { MAX_ROW_ID } from "./numeric-id.ts";
import { PAYMENT_PROBLEM_KINDS, REASON_MAX, RESOLUTION_MAX } from "./operations-rules.ts";
import { PAYMENT_STATUSES } from "./order-states.ts";
import { toE164Phone } from "./validation.ts";

export * from "./operations-rules.ts";
export { PAYMENT_STATUS_TEXT } from "./order-states.ts";

// The back office's operations screens (issue 20, points 7, 9, 10): the payment problems queue, stock by
// hand and the stand-in SMS outbox.

const limitMessage = "Размер страницы — целое число от 1 до 100";
const pageLimit = z.coerce
  .number({ error: limitMessage })
  .int({ error: limitMessage })
  .min(1, { error: limitMessage })
  .max(100, { error: limitMessage })
  .default(50);
const cursor = idParam("Курсор должен быть целым положительным числом", Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------------------
// Payment problems (`payment_problems`)

export const paymentProblemQuerySchema = z.object({
  state: z.enum(["open", "resolved", "all"], { error: "Состояние: open, resolved или all" }).default("open"),
  /** `open:<id>` or `resolved:<id>` (or `resolved`): the `next` of the page before. */
  before: z
    .string()
    .regex(/^(open|resolved)(:\d{1,15})?$/, { error: "Курсор — из поля next предыдущей страницы" })
    .optional(),
  limit: pageLimit,
});

export const paymentProblemParamsSchema = z.object({
  id: idParam("Проблема не найдена", MAX_ROW_ID),
});

export const resolvePaymentProblemSchema = z.object({
  note: z
    .string({ error: "Напишите, как решили проблему" })
    .trim()
    .min(1, { error: "Напишите, как решили проблему" })
    .max(RESOLUTION_MAX, { error: `Не длиннее ${RESOLUTION_MAX} символов` }),
});

export const paymentProblemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_PROBLEM_KINDS),
  kindText: z.string(),
  detail: z.string(),
  createdAt: z.string(),
  order: z.object({ id: z.number().int(), number: z.string() }),
  payment: z.object({
    id: z.number().int(),
    amount: kopecksSchema,
    refundedAmount: kopecksSchema,
    status: z.enum(PAYMENT_STATUSES),
    statusText: z.string(),
  }),
  /** The job that gives the money back, when the kind has one: its state after the last retry. */
  job: z
    .object({
      state: z.enum(["queued", "running", "done", "failed"]),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  /** Refunds of the payment that failed for good (`refund_failed`): what «Повторить» sends again. */
  failedRefunds: z.number().int(),
  /** Whether «Повторить» would do something now (the server checks again). */
  canRetry: z.boolean(),
  resolved: z.object({ at: z.string(), byUserId: z.number().int().nullable(), note: z.string() }).nullable(),
});
export type PaymentProblemView = z.infer<typeof paymentProblemSchema>;

export const paymentProblemPageSchema = z.object({
  items: z.array(paymentProblemSchema),
  /** Open problems in all (the screen's counter). */
  open: z.number().int(),
  next: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------------
// Stock (`inventory`, ADR 048)

export const stockQuerySchema = z.object({
  q: z
    .string({ error: "Введите номер или название товара" })
    .trim()
    .min(1, { error: "Введите номер или название товара" })
    .max(200, { error: "Не длиннее 200 символов" }),
});

export const stockParamsSchema = z.object({
  productId: idParam("Товар не найден"),
});

const units = (error: string) =>
  z.number({ error }).int({ error }).min(0, { error }).max(1_000_000, { error });

export const adjustStockSchema = z
  .object({
    /** The count on hand in the warehouse (reserved units included), as the operator counted it. */
    onHand: units("Количество — целое число от 0 до 1 000 000").optional(),
    /** Or a change of it: +5 arrived, −2 damaged. */
    delta: z
      .number({ error: "Изменение — целое число" })
      .int({ error: "Изменение — целое число" })
      .min(-1_000_000, { error: "Изменение — не больше миллиона штук" })
      .max(1_000_000, { error: "Изменение — не больше миллиона штук" })
      .refine((v) => v !== 0, { error: "Изменение не может быть нулевым" })
      .optional(),
    reason: z
      .string({ error: "Укажите причину" })
      .trim()
      .min(1, { error: "Укажите причину" })
      .max(REASON_MAX, { error: `Причина — не длиннее ${REASON_MAX} символов` }),
  })
  .refine((v) => (v.onHand === undefined) !== (v.delta === undefined), {
    error: "Укажите либо новое количество, либо изменение",
    path: ["onHand"],
  });
export type AdjustStockInput = z.input<typeof adjustStockSchema>;

export const stockItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  sellerName: z.string().nullable(),
  /** For sale: on hand less reserved (the inventory row's `stock`). */
  available: z.number().int(),
  /** Units of orders not yet handed to delivery (awaiting payment, paid, assembling): taken at placement. */
  reserved: z.number().int(),
  /** In the warehouse: available + reserved. */
  onHand: z.number().int(),
  /** What the storefront shows: «В наличии» or «Нет в наличии». */
  hasStock: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type StockItemView = z.infer<typeof stockItemSchema>;

export const stockListSchema = z.object({ items: z.array(stockItemSchema) });

// ---------------------------------------------------------------------------------------------------------
// The SMS outbox (`sms_outbox`)

export const smsQuerySchema = z.object({
  phone: z.string().transform(toE164Phone).optional(),
  before: cursor.optional(),
  limit: pageLimit,
});

export const smsMessageSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  text: z.string(),
  provider: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const smsPageSchema = z.object({
  items: z.array(smsMessageSchema),
  next: z.number().int().nullable(),
});
