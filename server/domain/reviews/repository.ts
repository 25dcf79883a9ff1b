import { and, asc, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { REVIEW_PHOTO_ALT } from "#contract/review-rules.ts";
import { uploadUrl } from "#contract/uploads.ts";
import {
  orderLines,
  orderShipments,
  orders,
  products,
  reviewPhotos,
  reviews,
  reviewVotes,
  uploads,
  users,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Reviews from buyers (issue 21, point 4; ADR 060): who may write one, the review and its photos, the
 * product's rating and count kept in step, «Полезно» votes, the operators' hiding.
 */
export function createReviewsRepository(db: Executor) {
  return {
    /** Serialises one shopper's writes (the daily limit, the one-per-product check). */
    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    },

    /**
     * Holds the product while its reviews change, so two buyers' reviews recount its rating one after
     * the other and neither count misses the other's review. False when there is no such product.
     */
    async lockProduct(productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
        .for("update");
      return row !== undefined;
    },

    /** Whether a shipment of one of the shopper's orders with this product has reached them. */
    async received(userId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(orderLines)
        .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orderLines.productId, productId),
            eq(orderShipments.status, "delivered"),
            isNotNull(orderShipments.deliveredAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Of these products, those the shopper has received. */
    async receivedOf(userId: number, productIds: readonly number[]): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ productId: orderLines.productId })
        .from(orderLines)
        .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            inArray(orderLines.productId, [...productIds]),
            eq(orderShipments.status, "delivered"),
            isNotNull(orderShipments.deliveredAt),
          ),
        );
      return new Set(rows.map((r) => r.productId));
    },

    /** The shopper's reviews of these products. */
    ownReviews: (userId: number, productIds: readonly number[]) =>
      productIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: reviews.id,
              productId: reviews.productId,
              status: reviews.status,
              hiddenReason: reviews.hiddenReason,
            })
            .from(reviews)
            .where(and(eq(reviews.userId, userId), inArray(reviews.productId, [...productIds]))),

    /** Which reviews of these products the shopper has marked «Полезно». */
    async votedOn(userId: number, productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({ id: reviewVotes.reviewId })
        .from(reviewVotes)
        .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
        .where(and(eq(reviewVotes.userId, userId), inArray(reviews.productId, [...productIds])));
      return rows.map((r) => r.id);
    },

    /** Reviews the shopper has written since `since`. */
    async writtenSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), gte(reviews.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The profile's first name and surname: what the author's name is made of. */
    async author(userId: number) {
      const [row] = await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async insert(values: {
      productId: number;
      userId: number;
      authorName: string;
      rating: number;
      pros: string;
      cons: string;
      text: string;
    }): Promise<ReviewRow> {
      const [row] = await db.insert(reviews).values(values).returning();
      return row!;
    },

    /** The photos, in the order given, as the review's: the upload's address and its stored size. */
    async addPhotos(reviewId: number, uploadIds: readonly string[]): Promise<void> {
      if (uploadIds.length === 0) return;
      const sizes = new Map(
        (
          await db
            .select({ id: uploads.id, width: uploads.width, height: uploads.height })
            .from(uploads)
            .where(inArray(uploads.id, [...uploadIds]))
        ).map((u) => [u.id, u]),
      );
      await db.insert(reviewPhotos).values(
        uploadIds.map((id, position) => ({
          reviewId,
          position,
          url: uploadUrl(id),
          width: sizes.get(id)?.width ?? 0,
          height: sizes.get(id)?.height ?? 0,
          alt: REVIEW_PHOTO_ALT,
          uploadId: id,
        })),
      );
    },

    /**
     * The product's rating (one decimal) and count over its published reviews: written in the review's
     * transaction, so listings sort by the rating the page shows. The products trigger (migration 0008)
     * then drops the product's cached pages and the listings.
     */
    async recount(productId: number): Promise<{ rating: number; reviewsCount: number }> {
      const [row] = await db
        .update(products)
        .set({
          rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1)::real from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'published'), 0)`,
          reviewsCount: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'published')`,
        })
        .where(eq(products.id, productId))
        .returning({ rating: products.rating, reviewsCount: products.reviewsCount });
      return row!;
    },

    find: async (id: number): Promise<ReviewRow | undefined> =>
      (await db.select().from(reviews).where(eq(reviews.id, id)))[0],

    lock: async (id: number): Promise<ReviewRow | undefined> =>
      (await db.select().from(reviews).where(eq(reviews.id, id)).for("update"))[0],

    /** Whether the review is public: published (its photos are then shown to anyone). */
    async isPublished(id: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(reviews)
        .where(and(eq(reviews.id, id), eq(reviews.status, "published")));
      return row !== undefined;
    },

    /**
     * One vote per shopper: the vote's row and the count move together, or (a second vote, however many
     * arrive at once) neither does. The count after the vote.
     */
    async vote(reviewId: number, userId: number): Promise<{ counted: boolean; helpfulCount: number }> {
      const inserted = await db
        .insert(reviewVotes)
        .values({ reviewId, userId })
        .onConflictDoNothing()
        .returning({ reviewId: reviewVotes.reviewId });
      if (inserted.length === 0) {
        const [row] = await db
          .select({ helpfulCount: reviews.helpfulCount })
          .from(reviews)
          .where(eq(reviews.id, reviewId));
        return { counted: false, helpfulCount: row?.helpfulCount ?? 0 };
      }
      const [row] = await db
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
        .where(eq(reviews.id, reviewId))
        .returning({ helpfulCount: reviews.helpfulCount });
      return { counted: true, helpfulCount: row?.helpfulCount ?? 0 };
    },

    async setHidden(id: number, hidden: { reason: string; by: number; at: Date } | null): Promise<void> {
      await db
        .update(reviews)
        .set(
          hidden
            ? { status: "hidden", hiddenReason: hidden.reason, hiddenBy: hidden.by, hiddenAt: hidden.at }
            : { status: "published", hiddenReason: null, hiddenBy: null, hiddenAt: null },
        )
        .where(eq(reviews.id, id));
    },

    /** The operators' list: newest first, by status, keyset pages on the id. */
    async staffList(filter: { status?: "published" | "hidden" }, page: { limit: number; before?: number }) {
      const hider = alias(users, "hider");
      const where: SQL[] = [];
      if (filter.status) where.push(eq(reviews.status, filter.status));
      if (page.before) where.push(lt(reviews.id, page.before));
      return db
        .select({
          review: reviews,
          productName: products.name,
          phone: users.phone,
          hiderPhone: hider.phone,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .leftJoin(users, eq(users.id, reviews.userId))
        .leftJoin(hider, eq(hider.id, reviews.hiddenBy))
        .where(and(...where))
        .orderBy(desc(reviews.id))
        .limit(page.limit);
    },

    /** The photos of these reviews, each review's in order. */
    photosOf: (reviewIds: readonly number[]) =>
      reviewIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: reviewPhotos.id,
              reviewId: reviewPhotos.reviewId,
              url: reviewPhotos.url,
              width: reviewPhotos.width,
              height: reviewPhotos.height,
              alt: reviewPhotos.alt,
              uploadId: reviewPhotos.uploadId,
              position: reviewPhotos.position,
            })
            .from(reviewPhotos)
            .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
            .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position)),
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
