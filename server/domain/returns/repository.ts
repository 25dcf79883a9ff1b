import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import {
  orderLines,
  orderRefunds,
  orderShipments,
  orders,
  productImages,
  returnRequestLines,
  returnRequestPhotos,
  returnRequests,
  users,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { RETURN_TRANSITIONS, type ReturnStatus } from "#contract/returns.ts";

export type ReturnRow = typeof returnRequests.$inferSelect;

/** Statuses whose units are spoken for: a line's unit in one of them cannot be returned again. */
export const HOLDING: readonly ReturnStatus[] = ["sent", "approved", "refunded"];
/** Statuses whose units are given back: what later returns of the same lines count from. */
export const GIVEN_BACK: readonly ReturnStatus[] = ["approved", "refunded"];

/** Return requests (ADR 059): the shopper's requests, their lines and photos, the operators' queue. */
export function createReturnsRepository(db: Executor) {
  const withOrder = {
    request: returnRequests,
    orderNumber: orders.number,
    phone: users.phone,
  };

  return {
    /** The order's lines with their parcel, its delivery and when it reached the shopper. */
    async orderLines(orderId: number) {
      return db
        .select({
          id: orderLines.id,
          productId: orderLines.productId,
          shipmentId: orderLines.shipmentId,
          name: orderLines.name,
          price: orderLines.price,
          quantity: orderLines.quantity,
          cashbackPoints: orderLines.cashbackPoints,
          shipmentStatus: orderShipments.status,
          deliveredAt: orderShipments.deliveredAt,
          imageUrl: productImages.url,
        })
        .from(orderLines)
        .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
        .leftJoin(
          productImages,
          and(eq(productImages.productId, orderLines.productId), eq(productImages.position, 0)),
        )
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
    },

    /** Units of each of the order's lines in requests of these statuses (but `except`), by line id. */
    async unitsIn(orderId: number, statuses: readonly ReturnStatus[], except?: number) {
      const rows = await db
        .select({
          lineId: returnRequestLines.orderLineId,
          units: sql<number>`sum(${returnRequestLines.quantity})::int`,
        })
        .from(returnRequestLines)
        .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnId))
        .where(
          and(
            eq(returnRequests.orderId, orderId),
            inArray(returnRequests.status, [...statuses]),
            except !== undefined ? ne(returnRequests.id, except) : undefined,
          ),
        )
        .groupBy(returnRequestLines.orderLineId);
      return new Map(rows.map((r) => [r.lineId, r.units]));
    },

    async insert(
      row: typeof returnRequests.$inferInsert,
      lines: readonly { orderLineId: number; quantity: number }[],
    ): Promise<ReturnRow> {
      const [request] = await db.insert(returnRequests).values(row).returning();
      await db.insert(returnRequestLines).values(lines.map((l) => ({ ...l, returnId: request!.id })));
      return request!;
    },

    async addPhotos(returnId: number, uploadIds: readonly string[]): Promise<void> {
      if (uploadIds.length === 0) return;
      await db.insert(returnRequestPhotos).values(uploadIds.map((uploadId) => ({ returnId, uploadId })));
    },

    /** Requests the shopper sent since `since` (the daily bound). */
    async sentSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(returnRequests)
        .where(and(eq(returnRequests.userId, userId), gte(returnRequests.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The request with its order's number and the shopper's phone. */
    async one(id: number) {
      const [row] = await db
        .select(withOrder)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .innerJoin(users, eq(users.id, returnRequests.userId))
        .where(eq(returnRequests.id, id));
      return row;
    },

    /** Locks the request's row for a decision or a withdrawal. */
    async lock(id: number): Promise<ReturnRow | undefined> {
      const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
      return row;
    },

    /** from → to, once: undefined when another caller moved it first. */
    async move(
      id: number,
      from: ReturnStatus,
      to: ReturnStatus,
      values: Partial<Omit<typeof returnRequests.$inferInsert, "id" | "status">> = {},
    ): Promise<ReturnRow | undefined> {
      if (!RETURN_TRANSITIONS[from].includes(to))
        throw new Error(`return ${id}: ${from} → ${to} is not a move`);
      const [row] = await db
        .update(returnRequests)
        .set({ ...values, status: to })
        .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
        .returning();
      return row;
    },

    /** The shopper's requests, newest first. */
    async listOf(userId: number, limit = 100) {
      return db
        .select(withOrder)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .innerJoin(users, eq(users.id, returnRequests.userId))
        .where(eq(returnRequests.userId, userId))
        .orderBy(desc(returnRequests.id))
        .limit(limit);
    },

    /** The operators' queue: by status (or all), newest first, keyset on id. */
    async queue(status: ReturnStatus | "all", before: number | undefined, limit: number) {
      return db
        .select(withOrder)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .innerJoin(users, eq(users.id, returnRequests.userId))
        .where(
          and(
            status === "all" ? undefined : eq(returnRequests.status, status),
            before !== undefined ? lt(returnRequests.id, before) : undefined,
          ),
        )
        .orderBy(desc(returnRequests.id))
        .limit(limit);
    },

    /** The lines of these requests, with what the order's line says of them. */
    async linesOf(returnIds: readonly number[]) {
      if (returnIds.length === 0) return [];
      return db
        .select({
          returnId: returnRequestLines.returnId,
          lineId: orderLines.id,
          productId: orderLines.productId,
          name: orderLines.name,
          price: orderLines.price,
          quantity: returnRequestLines.quantity,
          imageUrl: productImages.url,
        })
        .from(returnRequestLines)
        .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
        .leftJoin(
          productImages,
          and(eq(productImages.productId, orderLines.productId), eq(productImages.position, 0)),
        )
        .where(inArray(returnRequestLines.returnId, [...returnIds]))
        .orderBy(asc(returnRequestLines.orderLineId));
    },

    async photos(returnId: number): Promise<string[]> {
      const rows = await db
        .select({ uploadId: returnRequestPhotos.uploadId })
        .from(returnRequestPhotos)
        .where(eq(returnRequestPhotos.returnId, returnId));
      return rows.map((r) => r.uploadId);
    },

    /** The money of an approved request. */
    async refundOf(returnId: number) {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.returnId, returnId));
      return row;
    },

    /** The operator who decided, by phone. */
    async staffPhone(userId: number): Promise<string | null> {
      const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
      return row?.phone ?? null;
    },
  };
}
export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
