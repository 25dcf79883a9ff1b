import { z } from "zod";
import { reviewSchema } from "./catalog.ts";
import { idParam, productIdsQuery } from "./id-param.ts";
import {
  REVIEW_CONS_MAX_LENGTH,
  REVIEW_HIDE_REASON_MAX_LENGTH,
  REVIEW_PROS_MAX_LENGTH,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX_LENGTH,
} from "./review-rules.ts";
import { photoIdsSchema } from "./uploads.ts";

// Reviews from buyers (issue 21, point 4; ADR 060): the shopper's and the operators' shapes.

const bounded = (max: number, what: string) =>
  z
    .string({ error: `${what}: нужен текст` })
    .max(max * 2, { error: `${what}: не длиннее ${max} символов`, abort: true })
    .trim()
    .max(max, { error: `${what}: не длиннее ${max} символов` })
    .default("");

export const createReviewSchema = z.object({
  rating: z
    .number({ error: "Поставьте оценку от 1 до 5" })
    .int({ error: "Поставьте оценку от 1 до 5" })
    .min(1, { error: "Поставьте оценку от 1 до 5" })
    .max(5, { error: "Поставьте оценку от 1 до 5" }),
  pros: bounded(REVIEW_PROS_MAX_LENGTH, "Достоинства"),
  cons: bounded(REVIEW_CONS_MAX_LENGTH, "Недостатки"),
  text: bounded(REVIEW_TEXT_MAX_LENGTH, "Комментарий"),
  /** Photos uploaded with purpose `review`; up to 5. */
  photoIds: photoIdsSchema.default([]),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const reviewParamsSchema = z.object({ id: idParam("Отзыв не найден", 2_147_483_647) });

export const myReviewsQuerySchema = z.object({ ids: productIdsQuery() });

/**
 * What the shopper may do about a product: `can_review` (received, no review yet), `reviewed` (their
 * review is published), `hidden` (their review was hidden by an operator). Products they have neither
 * received nor reviewed are left out.
 */
export const myReviewStateSchema = z.enum(["can_review", "reviewed", "hidden"]);
export type MyReviewState = z.infer<typeof myReviewStateSchema>;
export const myReviewsSchema = z.object({
  items: z.array(
    z.object({
      productId: z.number().int(),
      state: myReviewStateSchema,
      reviewId: z.number().int().nullable(),
      /** The operator's reason when `hidden`. */
      hiddenReason: z.string().nullable(),
    }),
  ),
  /** The reviews among these products' the shopper has marked «Полезно». */
  helpful: z.array(z.number().int()),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

export const helpfulResultSchema = z.object({
  reviewId: z.number().int(),
  helpfulCount: z.number().int(),
  /** False when the shopper had already voted: nothing changed. */
  counted: z.boolean(),
});
export type HelpfulResult = z.infer<typeof helpfulResultSchema>;

/** The review as published: the product page's shape. */
export const createdReviewSchema = reviewSchema;

// The operators' side.

export const STAFF_REVIEWS_LIMIT = 50;

export const staffReviewQuerySchema = z.object({
  status: z.enum([...REVIEW_STATUSES, "all"], { error: "Неизвестный статус" }).default("all"),
  before: z.coerce.number({ error: "Неверный курсор" }).int().positive().max(2_147_483_647).optional(),
  limit: z.coerce
    .number({ error: "Неверный размер страницы" })
    .int()
    .min(1)
    .max(STAFF_REVIEWS_LIMIT)
    .default(20),
});
export type StaffReviewQuery = z.input<typeof staffReviewQuerySchema>;

export const staffReviewSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  authorName: z.string(),
  /** The buyer's account and phone; null for a seeded review or a deleted account. */
  userId: z.number().int().nullable(),
  phone: z.string().nullable(),
  rating: z.number().int(),
  pros: z.string(),
  cons: z.string(),
  text: z.string(),
  createdAt: z.string(),
  status: z.enum(REVIEW_STATUSES),
  statusText: z.string(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenBy: z.string().nullable(),
  helpfulCount: z.number().int(),
  photos: z.array(z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() })),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

export const staffReviewPageSchema = z.object({
  items: z.array(staffReviewSchema),
  /** `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type StaffReviewPage = z.infer<typeof staffReviewPageSchema>;

export const hideReviewSchema = z.object({
  reason: z
    .string({ error: "Укажите причину" })
    .max(REVIEW_HIDE_REASON_MAX_LENGTH * 2, {
      error: `Причина — не длиннее ${REVIEW_HIDE_REASON_MAX_LENGTH} символов`,
      abort: true,
    })
    .trim()
    .min(3, { error: "Укажите причину" })
    .max(REVIEW_HIDE_REASON_MAX_LENGTH, {
      error: `Причина — не длиннее ${REVIEW_HIDE_REASON_MAX_LENGTH} символов`,
    }),
});
export type HideReviewInput = z.input<typeof hideReviewSchema>;
