import { z } from "zod";
import { idParam } from "./id-param.ts";
import {
  ANSWER_MAX_LENGTH,
  ANSWERED_AS,
  QUESTION_FILTERS,
  QUESTION_HIDE_REASON_MAX_LENGTH,
  QUESTION_MAX_LENGTH,
  QUESTIONS_PAGE_SIZE,
} from "./question-rules.ts";

// Questions about a product and «Сообщить о поступлении» (issue 22, point 5; ADR 066): the shopper's and
// the operators' shapes.

const text = (max: number, empty: string, long: string) =>
  z
    .string({ error: empty })
    .max(max * 2, { error: long, abort: true })
    .trim()
    .min(1, { error: empty })
    .max(max, { error: long });

export const askQuestionSchema = z.object({
  text: text(QUESTION_MAX_LENGTH, "Напишите вопрос", `Вопрос — не длиннее ${QUESTION_MAX_LENGTH} символов`),
});
export type AskQuestionInput = z.input<typeof askQuestionSchema>;

export const questionParamsSchema = z.object({ id: idParam("Вопрос не найден") });

export const questionListQuerySchema = z.object({
  /** The last question of the page before (its id): the list goes on after it. */
  before: idParam("Неверный курсор").optional(),
  limit: z.coerce
    .number({ error: "Неверный размер страницы" })
    .int()
    .min(1)
    .max(50)
    .default(QUESTIONS_PAGE_SIZE),
});

const answerSchema = z.object({
  text: z.string(),
  /** `seller`: «Ответ продавца <name>»; `shop`: «Ответ Витрины». */
  as: z.enum(ANSWERED_AS),
  /** Who signs it: the seller's name, or «Витрина». */
  by: z.string(),
  at: z.string(),
});

/** A question as the product page shows it. */
export const productQuestionSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  answer: answerSchema.nullable(),
  /** Asked by the shopper reading the list. */
  mine: z.boolean(),
  /** `pending` and `hidden` only ever reach their own author. */
  state: z.enum(["answered", "pending", "hidden"]),
  /** The operator's reason, for the author of a hidden question. */
  hiddenReason: z.string().nullable(),
});
export type ProductQuestion = z.infer<typeof productQuestionSchema>;

export const productQuestionPageSchema = z.object({
  items: z.array(productQuestionSchema),
  /** Published questions with an answer (what anyone sees). */
  total: z.number().int(),
  /** `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type ProductQuestionPage = z.infer<typeof productQuestionPageSchema>;

export const deletedQuestionSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

// «Сообщить о поступлении».

export const stockAlertSchema = z.object({
  productId: z.number().int(),
  /** Waiting for the product to come back (a notification sent ends the wait). */
  waiting: z.boolean(),
  /** When the last «снова в продаже» SMS went, if one did. */
  notifiedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

// The operators' side.

export const STAFF_QUESTIONS_LIMIT = 50;

export const staffQuestionQuerySchema = z.object({
  status: z.enum(QUESTION_FILTERS, { error: "Неизвестный статус" }).default("unanswered"),
  /** The last id of the page before: the unanswered queue goes on to newer ones, the rest to older. */
  cursor: idParam("Неверный курсор").optional(),
  limit: z.coerce
    .number({ error: "Неверный размер страницы" })
    .int()
    .min(1)
    .max(STAFF_QUESTIONS_LIMIT)
    .default(20),
});
export type StaffQuestionQuery = z.input<typeof staffQuestionQuerySchema>;

export const staffQuestionSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  seller: z.object({ id: z.number().int(), name: z.string() }),
  authorName: z.string(),
  userId: z.number().int(),
  phone: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  state: z.enum(["answered", "pending", "hidden"]),
  stateText: z.string(),
  answer: answerSchema.nullable(),
  /** Who answered (the operator's phone, or «Оператор»). */
  answeredBy: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;

export const staffQuestionPageSchema = z.object({
  items: z.array(staffQuestionSchema),
  /** `cursor` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type StaffQuestionPage = z.infer<typeof staffQuestionPageSchema>;

export const answerQuestionSchema = z.object({
  text: text(ANSWER_MAX_LENGTH, "Напишите ответ", `Ответ — не длиннее ${ANSWER_MAX_LENGTH} символов`),
  as: z.enum(ANSWERED_AS, { error: "Выберите, от чьего имени ответ" }),
});
export type AnswerQuestionInput = z.input<typeof answerQuestionSchema>;

export const hideQuestionSchema = z.object({
  reason: z
    .string({ error: "Укажите причину" })
    .max(QUESTION_HIDE_REASON_MAX_LENGTH * 2, {
      error: `Причина — не длиннее ${QUESTION_HIDE_REASON_MAX_LENGTH} символов`,
      abort: true,
    })
    .trim()
    .min(3, { error: "Укажите причину" })
    .max(QUESTION_HIDE_REASON_MAX_LENGTH, {
      error: `Причина — не длиннее ${QUESTION_HIDE_REASON_MAX_LENGTH} символов`,
    }),
});
