import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { products, stockSubscriptions, users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { backInStockSmsJob } from "./job.ts";

export type StockSubscriptionRow = typeof stockSubscriptions.$inferSelect;

/** «Сообщить о поступлении» (issue 22, point 5; ADR 066): who waits for which sold-out product. */
export function createStockAlertsRepository(db: Executor) {
  return {
    async product(productId: number) {
      const [row] = await db
        .select({ id: products.id, name: products.name, hasStock: products.hasStock })
        .from(products)
        .where(eq(products.id, productId));
      return row;
    },

    find: async (userId: number, productId: number): Promise<StockSubscriptionRow | undefined> =>
      (
        await db
          .select()
          .from(stockSubscriptions)
          .where(and(eq(stockSubscriptions.userId, userId), eq(stockSubscriptions.productId, productId)))
      )[0],

    /** Waits (again): a new row, or one notified before starts waiting anew; a waiting one stays as it is. */
    async subscribe(userId: number, productId: number): Promise<void> {
      await db
        .insert(stockSubscriptions)
        .values({ userId, productId })
        .onConflictDoUpdate({
          target: [stockSubscriptions.productId, stockSubscriptions.userId],
          set: { notifiedAt: null, createdAt: sql`now()` },
          setWhere: isNotNull(stockSubscriptions.notifiedAt),
        });
    },

    async cancel(userId: number, productId: number): Promise<void> {
      await db
        .delete(stockSubscriptions)
        .where(and(eq(stockSubscriptions.userId, userId), eq(stockSubscriptions.productId, productId)));
    },

    /**
     * Claims up to `limit` waiting subscriptions of products in stock again, oldest first: sets their
     * `notified_at` and queues each one's SMS, in the caller's transaction. Rows another run holds are
     * skipped, not waited for, so concurrent runs share the work and none claims a row twice.
     */
    async claimBackInStock(limit: number): Promise<{ productId: number; userId: number }[]> {
      const due = await db
        .select({ productId: stockSubscriptions.productId, userId: stockSubscriptions.userId })
        .from(stockSubscriptions)
        .innerJoin(products, eq(products.id, stockSubscriptions.productId))
        .where(and(isNull(stockSubscriptions.notifiedAt), eq(products.hasStock, true)))
        .orderBy(asc(stockSubscriptions.createdAt))
        .limit(limit)
        .for("update", { of: stockSubscriptions, skipLocked: true });
      if (due.length === 0) return [];
      const byProduct = new Map<number, number[]>();
      for (const d of due) byProduct.set(d.productId, [...(byProduct.get(d.productId) ?? []), d.userId]);
      const claimed: { productId: number; userId: number; notifiedAt: Date | null }[] = [];
      for (const [productId, userIds] of byProduct) {
        claimed.push(
          ...(await db
            .update(stockSubscriptions)
            .set({ notifiedAt: sql`now()` })
            .where(
              and(
                eq(stockSubscriptions.productId, productId),
                inArray(stockSubscriptions.userId, userIds),
                isNull(stockSubscriptions.notifiedAt),
              ),
            )
            .returning({
              productId: stockSubscriptions.productId,
              userId: stockSubscriptions.userId,
              notifiedAt: stockSubscriptions.notifiedAt,
            })),
        );
      }
      for (const c of claimed) {
        await enqueueJob(
          db,
          backInStockSmsJob,
          { productId: c.productId, userId: c.userId },
          { key: `product:${c.productId}:user:${c.userId}:${c.notifiedAt!.getTime()}` },
        );
      }
      return claimed.map(({ productId, userId }) => ({ productId, userId }));
    },

    /** What the SMS needs: the shopper's phone and the product's name. */
    async smsOf(productId: number, userId: number) {
      const [row] = await db
        .select({ phone: users.phone, productName: products.name })
        .from(stockSubscriptions)
        .innerJoin(users, eq(users.id, stockSubscriptions.userId))
        .innerJoin(products, eq(products.id, stockSubscriptions.productId))
        .where(and(eq(stockSubscriptions.productId, productId), eq(stockSubscriptions.userId, userId)));
      return row;
    },
  };
}
export type StockAlertsRepository = ReturnType<typeof createStockAlertsRepository>;
