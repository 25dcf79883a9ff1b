import { localDateTime } from "#contract/delivery-dates.ts";
import { kopecks, points } from "#contract/money.ts";
import type { SmsGateway } from "#server/domain/phone-sign-in/sms-gateway.ts";
import { handleJob, type JobHandler } from "#server/jobs/job-type.ts";
import type { OrderRow, OrdersRepository } from "#server/domain/orders/repository.ts";
import { orderSmsJob } from "./job.ts";
import type { OrderNotificationsRepository } from "./repository.ts";
import {
  cancelledText,
  deliveredText,
  inDeliveryText,
  notCollectedText,
  type OrderSmsKind,
  returnApprovedText,
  returnRejectedText,
  paidText,
  readyForPickupText,
  type SmsSubject,
} from "./texts.ts";

// SMS about the order (issue 20, point 7; ADR 055). An event's code calls `queueOrderSms` in its own
// transaction: one `order_notifications` row per event (unique key) and an `order-sms` job to send it.
// The job claims the row before sending, so the message goes out at most once however often either runs.

/** The repositories of the event's transaction (the orders module's `Repositories` has them). */
export interface OrderSmsRepositories {
  notifications: OrderNotificationsRepository;
  orders: Pick<OrdersRepository, "profile" | "shipments">;
}

/** What happened; a shipment's event names it, a cancellation the refund's shipments and sums. */
export type OrderSmsEvent =
  | { kind: "paid" }
  | { kind: "in_delivery" | "ready_for_pickup" | "delivered"; shipmentId: number }
  | {
      /** Cancelled by the shopper or an operator, or not collected from the point in time. */
      kind: "cancelled" | "not_collected";
      /** The shipments called off (order_refunds.shipment_ids): all of them cancels the whole order. */
      shipmentIds: readonly number[];
      /** Kopecks going back to the card (order_refunds.amount). */
      amount: number;
      /** Points given back to the balance (order_refunds.points). */
      points: number;
    }
  /** A return request decided (ADR 059): approved with what comes back, or rejected. */
  | { kind: "return_approved"; returnId: number; amount: number; points: number }
  | { kind: "return_rejected"; returnId: number };

type SmsOrder = Pick<OrderRow, "id" | "number" | "userId" | "recipient" | "delivery" | "deliveryType">;

/** The recipient's phone given at checkout, else the account's; undefined when neither has one. */
async function phoneOf(repos: OrderSmsRepositories, order: SmsOrder): Promise<string | undefined> {
  const given = (order.recipient as { phone?: unknown } | null)?.phone;
  if (typeof given === "string" && given !== "") return given;
  return (await repos.orders.profile(order.userId))?.phone ?? undefined;
}

/**
 * Records the SMS `event` owes the shopper and queues its sending, in the caller's transaction. Once per
 * event: a second call for the same event (a retried job, a repeated notification) adds nothing. Returns
 * the notification's id when it was new. No phone anywhere: nothing to send, nothing recorded.
 */
export async function queueOrderSms(
  repos: OrderSmsRepositories,
  order: SmsOrder,
  event: OrderSmsEvent,
  now: Date = new Date(),
): Promise<number | undefined> {
  const shipments = await repos.orders.shipments(order.id);
  const message = (() => {
    switch (event.kind) {
      case "paid":
        return { key: `order:${order.id}:paid`, text: paidText(order.number) };
      case "return_approved":
        return {
          key: `return:${event.returnId}:approved`,
          text: returnApprovedText(event.returnId, {
            amount: kopecks(event.amount),
            points: points(event.points),
          }),
        };
      case "return_rejected":
        return { key: `return:${event.returnId}:rejected`, text: returnRejectedText(event.returnId) };
      case "cancelled":
      case "not_collected": {
        const ids = [...event.shipmentIds].sort((a, b) => a - b);
        // The whole order when nothing of it is left travelling (earlier cancellations count).
        const whole = shipments.every(
          (s) => ids.includes(s.id) || s.status === "cancelled" || s.status === "not_collected",
        );
        const subject: SmsSubject = { number: order.number, part: !whole };
        const back = { amount: kopecks(event.amount), points: points(event.points) };
        return {
          key: whole ? `order:${order.id}:${event.kind}` : `shipment:${ids[0]}:${event.kind}`,
          shipmentId: whole ? undefined : ids[0],
          text: event.kind === "cancelled" ? cancelledText(subject, back) : notCollectedText(subject, back),
        };
      }
      default: {
        const shipment = shipments.find((s) => s.id === event.shipmentId);
        if (!shipment) throw new Error(`order ${order.id} has no shipment ${event.shipmentId}`);
        // The order's other parcels still to reach the shopper or already with them (not called off).
        const others = shipments.filter(
          (s) => s.id !== shipment.id && s.status !== "cancelled" && s.status !== "not_collected",
        );
        // «Часть заказа» while another parcel is anywhere else: the last one to go into delivery (or to the
        // shopper) completes the order («Заказ передан»). At the point each parcel has a code of its own,
        // so there it is a part whenever there are others.
        const part =
          event.kind === "ready_for_pickup" ? others.length > 0 : others.some((s) => s.status !== event.kind);
        const subject: SmsSubject = { number: order.number, part };
        const key = `shipment:${shipment.id}:${event.kind}`;
        if (event.kind === "in_delivery") {
          const today = localDateTime(now, "Europe/Moscow").date;
          const expected = shipment.deliveryDate >= today ? shipment.deliveryDate : undefined;
          return { key, shipmentId: shipment.id, text: inDeliveryText(subject, expected) };
        }
        if (event.kind === "delivered") {
          return { key, shipmentId: shipment.id, text: deliveredText(subject, order.deliveryType) };
        }
        const delivery = order.delivery as { address?: string; pointName?: string | null };
        if (!shipment.pickupCode || !shipment.storageUntil) {
          throw new Error(`shipment ${shipment.id} is ready for pickup without a code or a storage deadline`);
        }
        return {
          key,
          shipmentId: shipment.id,
          text: readyForPickupText(subject, {
            pointName: delivery.pointName ?? null,
            address: delivery.address ?? "",
            code: shipment.pickupCode,
            storageUntil: shipment.storageUntil,
          }),
        };
      }
    }
  })();
  const phone = await phoneOf(repos, order);
  if (!phone) return undefined;
  return repos.notifications.queue({
    orderId: order.id,
    shipmentId: message.shipmentId ?? null,
    key: message.key,
    kind: event.kind satisfies OrderSmsKind,
    phone,
    text: message.text,
  });
}

export interface OrderSmsLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Sends queued order SMS through the shop's gateway (SMS.ru, or the stand-in that writes sms_outbox). At
 * most once: the run that claims the row sends it, then marks it sent or failed; a run that dies after
 * sending leaves it `sending`, and nothing sends it again (a duplicate would tell the shopper the same news
 * twice; a lost one is on the order's page anyway).
 */
export function createOrderSmsService(
  notifications: OrderNotificationsRepository,
  gateway: SmsGateway,
  logger: OrderSmsLogger = { info() {}, warn() {} },
) {
  return {
    /** Sends the notification if no run has claimed it yet: "sent", "failed", or "taken" by another run. */
    async send(notificationId: number): Promise<"sent" | "failed" | "taken"> {
      const claimed = await notifications.claim(notificationId);
      if (!claimed) return "taken";
      try {
        await gateway.send(claimed.phone, claimed.text);
      } catch (err) {
        await notifications.finish(claimed.id, "failed");
        logger.warn(
          { notificationId, orderId: claimed.orderId, kind: claimed.kind, err },
          "order sms not sent",
        );
        return "failed";
      }
      await notifications.finish(claimed.id, "sent");
      logger.info({ notificationId, orderId: claimed.orderId, kind: claimed.kind }, "order sms sent");
      return "sent";
    },

    /** The order's messages, oldest first. */
    ofOrder: (orderId: number) => notifications.ofOrder(orderId),
  };
}
export type OrderSmsService = ReturnType<typeof createOrderSmsService>;

/** The `order-sms` job's handler. */
export function orderSmsJobs(services: { orderSms: OrderSmsService }): JobHandler[] {
  return [
    handleJob(orderSmsJob, async ({ notificationId }) => {
      await services.orderSms.send(notificationId);
    }),
  ];
}
