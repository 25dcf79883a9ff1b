import type { Review } from "#contract/catalog.ts";
import {
  REVIEW_STATUS_TEXT,
  REVIEWS_PER_DAY,
  type ReviewStatus,
  reviewAuthorName,
} from "#contract/review-rules.ts";
import type { HelpfulResult, MyReviews, StaffReview, StaffReviewPage } from "#contract/reviews.ts";
import { uploadUrl } from "#contract/uploads.ts";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import { reviewThumbUrl } from "#server/domain/catalog/service.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import { attachUploads } from "#server/domain/uploads/service.ts";
import type { UploadsRepository } from "#server/domain/uploads/repository.ts";
import { AppError } from "#server/errors.ts";
import type { ReviewRow, ReviewsRepository } from "./repository.ts";

export interface ReviewsRepositories {
  reviews: ReviewsRepository;
  audit: AuditRepository;
  /** To attach the buyer's photos to the review, in the review's transaction. */
  uploads: Pick<UploadsRepository, "attach">;
}

type StaffActor = AuditActor & { userId: number };

const DAY_MS = 24 * 3_600_000;

const notFound = () => new AppError("not_found", "Отзыв не найден", { code: "review_not_found" });

/**
 * Reviews from buyers (issue 21, point 4; ADR 060). A buyer reviews a product once, after a parcel with it
 * has reached them; the review, its photos and the product's new rating and count are one transaction.
 * Operators hide and show reviews, each with its audit row; «Полезно» is one vote per shopper.
 */
export function createReviewsService(
  work: UnitOfWork<ReviewsRepositories>,
  options: { now?: () => Date } = {},
) {
  const { reviews } = work.repositories;
  const now = options.now ?? (() => new Date());

  function publicShape(row: ReviewRow, photos: Awaited<ReturnType<ReviewsRepository["photosOf"]>>): Review {
    return {
      id: row.id,
      authorName: row.authorName,
      rating: row.rating,
      pros: row.pros,
      cons: row.cons,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      photos: photos.map((p) => ({
        id: p.id,
        url: p.url,
        thumbUrl: reviewThumbUrl(p.url),
        width: p.width,
        height: p.height,
        alt: p.alt,
      })),
      verifiedBuyer: row.userId !== null,
      helpfulCount: row.helpfulCount,
    };
  }

  async function staffShape(
    rows: Awaited<ReturnType<ReviewsRepository["staffList"]>>,
  ): Promise<StaffReview[]> {
    const photos = await reviews.photosOf(rows.map((r) => r.review.id));
    const byReview = new Map<number, StaffReview["photos"]>();
    for (const p of photos) {
      const list = byReview.get(p.reviewId) ?? [];
      list.push(
        p.uploadId
          ? { id: p.uploadId, url: uploadUrl(p.uploadId), thumbUrl: uploadUrl(p.uploadId, 160) }
          : { id: `${p.reviewId}-${p.position}`, url: p.url, thumbUrl: p.url },
      );
      byReview.set(p.reviewId, list);
    }
    return rows.map(({ review: r, productName, phone, hiderPhone }) => ({
      id: r.id,
      product: { id: r.productId, name: productName },
      authorName: r.authorName,
      userId: r.userId,
      phone,
      rating: r.rating,
      pros: r.pros,
      cons: r.cons,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      statusText: REVIEW_STATUS_TEXT[r.status],
      hiddenReason: r.hiddenReason,
      hiddenAt: r.hiddenAt?.toISOString() ?? null,
      hiddenBy: r.hiddenBy === null ? null : (hiderPhone ?? "Оператор"),
      helpfulCount: r.helpfulCount,
      photos: byReview.get(r.id) ?? [],
    }));
  }

  async function staffOne(id: number): Promise<StaffReview> {
    const row = await reviews.find(id);
    if (!row) throw notFound();
    const [item] = await staffShape(await reviews.staffList({}, { limit: 1, before: id + 1 }));
    if (!item || item.id !== id) throw notFound();
    return item;
  }

  /** Hides (with the reason) or shows again; the product's rating is recounted, the audit row written. */
  async function setHidden(actor: StaffActor, id: number, reason: string | null): Promise<StaffReview> {
    await work.transaction(async (repos) => {
      const found = await repos.reviews.find(id);
      if (!found) throw notFound();
      // The product first, then the review: the order a buyer's new review takes them in.
      await repos.reviews.lockProduct(found.productId);
      const review = await repos.reviews.lock(id);
      if (!review) throw notFound();
      const want: ReviewStatus = reason === null ? "published" : "hidden";
      if (review.status === want) {
        throw new AppError("conflict", want === "hidden" ? "Отзыв уже скрыт" : "Отзыв уже опубликован", {
          code: "review_state",
        });
      }
      await repos.reviews.setHidden(id, reason === null ? null : { reason, by: actor.userId, at: now() });
      const { rating, reviewsCount } = await repos.reviews.recount(review.productId);
      await repos.audit.record(actor, {
        action: reason === null ? "review.show" : "review.hide",
        target: `review:${id}`,
        details: {
          productId: review.productId,
          ...(reason === null ? { reason: review.hiddenReason } : { reason }),
          rating,
          reviewsCount,
        },
      });
    });
    return staffOne(id);
  }

  return {
    /**
     * Publishes the buyer's review of a product they have received. Not received: 403; a second review:
     * 409; over REVIEWS_PER_DAY in a day: 429; a photo not theirs, not for a review or already used: 404,
     * and nothing is kept.
     */
    async create(
      userId: number,
      productId: number,
      input: { rating: number; pros: string; cons: string; text: string; photoIds: readonly string[] },
    ): Promise<Review> {
      try {
        return await work.transaction(async (repos) => {
          await repos.reviews.lockUser(userId);
          if (!(await repos.reviews.lockProduct(productId))) {
            throw new AppError("not_found", "Товар не найден", { code: "product_not_found" });
          }
          if (!(await repos.reviews.received(userId, productId))) {
            throw new AppError(
              "forbidden",
              "Отзыв можно оставить на товар, который вы получили. Если заказ ещё в пути — дождитесь доставки",
              { code: "review_not_buyer" },
            );
          }
          const [own] = await repos.reviews.ownReviews(userId, [productId]);
          if (own) throw exists();
          if (
            (await repos.reviews.writtenSince(userId, new Date(now().getTime() - DAY_MS))) >= REVIEWS_PER_DAY
          ) {
            throw new AppError(
              "rate_limited",
              `За сутки можно оставить не больше ${REVIEWS_PER_DAY} отзывов. Продолжите завтра`,
              { code: "reviews_limit" },
            );
          }
          const author = await repos.reviews.author(userId);
          const row = await repos.reviews.insert({
            productId,
            userId,
            authorName: reviewAuthorName(author?.name, author?.surname),
            rating: input.rating,
            pros: input.pros,
            cons: input.cons,
            text: input.text,
          });
          const ids = [...new Set(input.photoIds)];
          await attachUploads(repos.uploads, ids, { userId, purpose: "review" }, `review:${row.id}`);
          await repos.reviews.addPhotos(row.id, ids);
          await repos.reviews.recount(productId);
          return publicShape(row, await repos.reviews.photosOf([row.id]));
        });
      } catch (error) {
        // The partial unique index (user_id, product_id) under a race the lock did not cover.
        if (isUniqueViolation(error)) throw exists();
        throw error;
      }
    },

    /** What the shopper may do about each of these products (the product page, the purchases). */
    async mine(userId: number, productIds: readonly number[]): Promise<MyReviews> {
      const [received, own, helpful] = await Promise.all([
        reviews.receivedOf(userId, productIds),
        reviews.ownReviews(userId, productIds),
        reviews.votedOn(userId, productIds),
      ]);
      const byProduct = new Map(own.map((r) => [r.productId, r]));
      const items: MyReviews["items"] = [];
      for (const productId of productIds) {
        const review = byProduct.get(productId);
        if (review) {
          items.push({
            productId,
            state: review.status === "hidden" ? "hidden" : "reviewed",
            reviewId: review.id,
            hiddenReason: review.status === "hidden" ? review.hiddenReason : null,
          });
        } else if (received.has(productId)) {
          items.push({ productId, state: "can_review", reviewId: null, hiddenReason: null });
        }
      }
      return { items, helpful };
    },

    /**
     * «Полезно»: one vote per shopper and review. A second vote changes nothing (200, `counted: false`);
     * one's own review: 409; a hidden or unknown review: 404.
     */
    async vote(userId: number, reviewId: number): Promise<HelpfulResult> {
      return work.transaction(async (repos) => {
        const review = await repos.reviews.find(reviewId);
        if (review?.status !== "published") throw notFound();
        if (review.userId === userId) {
          throw new AppError("conflict", "Свой отзыв нельзя отметить полезным", { code: "review_own" });
        }
        const { counted, helpfulCount } = await repos.reviews.vote(reviewId, userId);
        return { reviewId, helpfulCount, counted };
      });
    },

    /** Whether the review's photos are public: it is published (the uploads service asks). */
    isPublic: (reviewId: number) => reviews.isPublished(reviewId),

    async queue(query: {
      status: ReviewStatus | "all";
      before?: number;
      limit: number;
    }): Promise<StaffReviewPage> {
      const rows = await reviews.staffList(
        { status: query.status === "all" ? undefined : query.status },
        { limit: query.limit + 1, before: query.before },
      );
      const items = await staffShape(rows.slice(0, query.limit));
      return { items, next: rows.length > query.limit ? items.at(-1)!.id : null };
    },

    staffOne,

    hide: (actor: StaffActor, id: number, reason: string) => setHidden(actor, id, reason),
    show: (actor: StaffActor, id: number) => setHidden(actor, id, null),
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;

function exists() {
  return new AppError("conflict", "Вы уже оставили отзыв на этот товар", { code: "review_exists" });
}
