import { randomInt } from "node:crypto";
import { canMoveOrder, type OrderStatus, summaryStatus } from "#contract/order-states.ts";
import { ORDER_STATUS_TEXT } from "#contract/orders.ts";
import { cashbackAvailableAt } from "#contract/return-window.ts";
import { queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { AppError } from "#server/errors.ts";
import type { OrdersContext, Repositories } from "./context.ts";
import type { OrderRow } from "./repository.ts";

// Operators moving an order's shipments towards the shopper (issue 20, point 2; ADR 053): assembling, in
// delivery, ready for pickup (with the point's storage deadline and a pickup code) or delivered.

/** Who moves the parcel, as the timeline and the audit log record it. */
export interface StaffActor {
  userId: number;
  address: string | null;
}

/** The moves an operator makes by hand; cancelling has its own path (money, points, stock go back). */
const STAFF_MOVES: readonly OrderStatus[] = ["assembling", "in_delivery", "ready_for_pickup", "delivered"];

const refused = (from: OrderStatus, to: OrderStatus) =>
  new AppError(
    "conflict",
    `Отправление нельзя перевести из статуса «${ORDER_STATUS_TEXT[from]}» в «${ORDER_STATUS_TEXT[to]}»`,
    { code: "transition_not_allowed" },
  );

/** Whether the move fits the way the order travels: a pickup parcel waits at the point, a courier's does not. */
function fitsDelivery(deliveryType: "courier" | "pickup", from: OrderStatus, to: OrderStatus): boolean {
  if (to === "ready_for_pickup") return deliveryType === "pickup";
  if (to === "delivered" && from === "in_delivery") return deliveryType === "courier";
  return true;
}

/** The last day a pickup point keeps a parcel that arrived today (Moscow time: the shop's calendar). */
function storageDeadline(now: Date, days: number): string {
  const moscow = new Date(now.getTime() + 3 * 3_600_000);
  moscow.setUTCDate(moscow.getUTCDate() + days);
  return moscow.toISOString().slice(0, 10);
}

/** Today in the shop's calendar (Moscow): a parcel whose storage deadline is before it was not collected. */
export const shopToday = (now: Date): string => storageDeadline(now, 0);

/**
 * What an order summed up as delivered records besides its status: when its cashback becomes spendable, the
 * day after the return window of its last parcel delivered closes (ADR 055); nothing when no cashback is left
 * (cancelled parcels' cashback was reversed). Parcels without a delivery time count as delivered `now`.
 */
export function deliveredValues(
  order: Pick<OrderRow, "cashbackPoints">,
  shipments: readonly { status: OrderStatus; deliveredAt: Date | null }[],
  now: Date,
): { cashbackDueAt?: Date } {
  if (order.cashbackPoints <= 0) return {};
  const last = Math.max(
    ...shipments.filter((s) => s.status === "delivered").map((s) => (s.deliveredAt ?? now).getTime()),
  );
  return { cashbackDueAt: cashbackAvailableAt(Number.isFinite(last) ? new Date(last) : now) };
}

/**
 * Sets the order's status to the sum of its shipments' after one moved; the order's row is locked by the
 * caller. Returns the order as it is now; an order now delivered gets its cashback's date (`deliveredValues`).
 */
export async function summariseOrder(
  repos: Repositories,
  order: OrderRow,
  now: Date = new Date(),
): Promise<OrderRow> {
  const shipments = await repos.orders.lockShipments(order.id);
  const sum = summaryStatus(shipments.map((s) => s.status));
  if (sum === order.status) return order;
  const values = sum === "delivered" ? deliveredValues(order, shipments, now) : {};
  return (await repos.orders.summarise(order.id, order.status, sum, values)) ?? order;
}

/**
 * Moves one shipment of an order to `to` on an operator's word: along ORDER_TRANSITIONS, as the delivery type
 * allows, recorded in the timeline and the audit log in the same transaction; the order's status follows.
 */
export async function moveShipmentByStaff(
  ctx: OrdersContext,
  staff: StaffActor,
  orderId: number,
  shipmentId: number,
  to: OrderStatus,
): Promise<void> {
  await ctx.work.transaction(async (repos) => {
    const order = await repos.orders.lockOrder(orderId);
    const shipment = order && (await repos.orders.lockShipments(orderId)).find((s) => s.id === shipmentId);
    if (!order || !shipment) {
      throw new AppError("not_found", "Отправление не найдено", { code: "order_not_found" });
    }
    const from = shipment.status;
    if (!STAFF_MOVES.includes(to) || !canMoveOrder(from, to) || !fitsDelivery(order.deliveryType, from, to)) {
      throw refused(from, to);
    }
    const values =
      to === "ready_for_pickup"
        ? {
            storageUntil: storageDeadline(
              ctx.now(),
              await repos.orders.storageDays(order.pickupPointId ?? 0),
            ),
            pickupCode: String(randomInt(0, 1_000_000)).padStart(6, "0"),
          }
        : to === "delivered"
          ? { deliveredAt: ctx.now() }
          : {};
    const moved = await repos.orders.moveShipment(shipment.id, from, to, values);
    if (!moved) throw refused(from, to);
    await repos.orders.recordEvent({
      orderId,
      shipmentId,
      fromStatus: from,
      toStatus: to,
      actorKind: "staff",
      actorUserId: staff.userId,
    });
    await summariseOrder(repos, order, ctx.now());
    if (to === "in_delivery" || to === "ready_for_pickup" || to === "delivered") {
      await queueOrderSms(repos, order, { kind: to, shipmentId }, ctx.now());
    }
    await repos.audit.record(
      { userId: staff.userId, label: `user:${staff.userId}`, address: staff.address },
      { action: "order.transition", target: `order:${orderId}`, details: { shipmentId, from, to } },
    );
  });
  ctx.logger.info({ orderId, shipmentId, to, staff: staff.userId }, "shipment moved");
}
