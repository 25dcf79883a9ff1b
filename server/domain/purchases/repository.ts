import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import {
  brands,
  orderLines,
  orderShipments,
  orders,
  productImages,
  products,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { cardColumns } from "#server/domain/catalog/repository.ts";

/** Where a purchases page starts after: the last entry's date (ms) and product id. */
export interface PurchaseCursor {
  at: number;
  productId: number;
}

/**
 * What the shopper has received: the lines of their shipments that reached them (`delivered_at`, ADR 053),
 * one entry per product with the last time it came. Orders on their way or cancelled count for nothing.
 */
export function createPurchasesRepository(db: Executor) {
  /** The shopper's delivered lines, grouped by product; the date truncated to ms so a cursor is exact. */
  function receivedProducts(userId: number, productIds?: readonly number[]) {
    const at = sql<Date>`date_trunc('milliseconds', max(${orderShipments.deliveredAt}))`;
    const conditions: SQL[] = [
      eq(orders.userId, userId),
      eq(orderShipments.status, "delivered"),
      isNotNull(orderShipments.deliveredAt),
    ];
    if (productIds) conditions.push(inArray(orderLines.productId, [...productIds]));
    return {
      at,
      query: db
        .select({
          productId: orderLines.productId,
          at: sql<string>`${at}`,
          // The order of the latest delivery of the product.
          orderId: sql<number>`(array_agg(${orderLines.orderId} ORDER BY ${orderShipments.deliveredAt} DESC))[1]`,
        })
        .from(orderLines)
        .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(...conditions))
        .groupBy(orderLines.productId)
        .$dynamic(),
    };
  }

  return {
    /** A page of received products, newest first (ties by product id, descending). */
    async page(userId: number, limit: number, before?: PurchaseCursor) {
      const { at, query } = receivedProducts(userId);
      const rows = await query
        .having(
          before
            ? sql`(${at}, ${orderLines.productId}) < (to_timestamp(${before.at}::double precision / 1000), ${before.productId})`
            : undefined,
        )
        .orderBy(desc(at), desc(orderLines.productId))
        .limit(limit);
      return rows.map((r) => ({ productId: r.productId, at: new Date(r.at), orderId: Number(r.orderId) }));
    },

    /** Of these products, those the shopper has received, with the last date. */
    async dates(userId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return [];
      const rows = await receivedProducts(userId, productIds).query;
      return rows.map((r) => ({ productId: r.productId, at: new Date(r.at) }));
    },

    /** Product cards, in no particular order. */
    cards: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select(cardColumns)
            .from(products)
            .innerJoin(brands, eq(brands.id, products.brandId))
            .leftJoin(
              productImages,
              and(eq(productImages.productId, products.id), eq(productImages.position, 0)),
            )
            .where(inArray(products.id, [...ids])),

    /** The lines of the user's own order (nothing for another user's), first first. */
    orderLines: (userId: number, orderId: number) =>
      db
        .select({ productId: orderLines.productId, name: orderLines.name, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orderLines.orderId, orderId), eq(orders.userId, userId)))
        .orderBy(asc(orderLines.id)),

    /** Whether the user has such an order (an order has at least one line, but say so plainly). */
    async ownsOrder(userId: number, orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      return row !== undefined;
    },

    /** The product's name, if it exists. */
    async productName(productId: number): Promise<string | undefined> {
      const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
      return row?.name;
    },
  };
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;
