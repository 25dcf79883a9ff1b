import { and, asc, eq, sql } from "drizzle-orm";
import { orderNotifications } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { orderSmsJob } from "./job.ts";

export type OrderNotificationRow = typeof orderNotifications.$inferSelect;
export type NewOrderNotification = Pick<
  typeof orderNotifications.$inferInsert,
  "orderId" | "shipmentId" | "key" | "kind" | "phone" | "text"
>;

/** The SMS an order's events owe the shopper (order_notifications), and the job that sends each. */
export function createOrderNotificationsRepository(db: Executor) {
  return {
    /**
     * Records the message once per key and queues its job, in the caller's transaction (the event's), so
     * both exist if and only if the event committed. The row's id when new; undefined when the key was
     * there already (the event's code ran again).
     */
    async queue(message: NewOrderNotification): Promise<number | undefined> {
      const [row] = await db
        .insert(orderNotifications)
        .values(message)
        .onConflictDoNothing({ target: orderNotifications.key })
        .returning({ id: orderNotifications.id });
      if (!row) return undefined;
      await enqueueJob(db, orderSmsJob, { notificationId: row.id }, { key: `notification:${row.id}` });
      return row.id;
    },

    /**
     * pending → sending by a conditional update: of any number of runs, one gets the row (and sends it);
     * the others get undefined.
     */
    async claim(id: number): Promise<OrderNotificationRow | undefined> {
      const [row] = await db
        .update(orderNotifications)
        .set({ status: "sending" })
        .where(and(eq(orderNotifications.id, id), eq(orderNotifications.status, "pending")))
        .returning();
      return row;
    },

    /** sending → sent (with the time) or failed. */
    async finish(id: number, status: "sent" | "failed"): Promise<void> {
      await db
        .update(orderNotifications)
        .set(status === "sent" ? { status, sentAt: sql`now()` } : { status })
        .where(and(eq(orderNotifications.id, id), eq(orderNotifications.status, "sending")));
    },

    /** The order's messages, oldest first (the back office's order card). */
    async ofOrder(orderId: number): Promise<OrderNotificationRow[]> {
      return db
        .select()
        .from(orderNotifications)
        .where(eq(orderNotifications.orderId, orderId))
        .orderBy(asc(orderNotifications.id));
    },
  };
}
export type OrderNotificationsRepository = ReturnType<typeof createOrderNotificationsRepository>;
