import { canMoveOrder, type OrderStatus } from "#contract/order-states.ts";
import { queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { AppError } from "#server/errors.ts";
import type { OrdersContext, Repositories } from "./context.ts";
import type { OrderRow, PaymentRow } from "./repository.ts";

// What happens to an order's stock, courier window and points when its status moves: paid (cashback
// pending, bought lines leave the basket) and cancelled (everything it held goes back). Each runs in the
// caller's transaction after its `transition` won, so it happens once however many callers race.

/** Spends or returns points so that the order holds `target` points; idempotent per `step`. */
export async function setOrderBonus(repos: Repositories, order: OrderRow, target: number, step: string) {
  const delta = target - order.bonusSpent;
  if (delta === 0) return order;
  const result = await repos.bonus.record({
    userId: order.userId,
    operationKey: `order:${order.id}:bonus:${step}`,
    kind: delta > 0 ? "spend" : "spend_return",
    bucket: "available",
    amount: -delta,
    orderId: order.id,
  });
  if (result === "insufficient") {
    throw new AppError("conflict", "Баллов не хватает: баланс изменился, обновите страницу", {
      code: "bonus_invalid",
    });
  }
  if (result === "duplicate") return order;
  return repos.orders.updateOrder(order.id, {
    bonusSpent: target,
    toPay: order.goodsTotal + order.deliveryTotal - target * 100,
  });
}

/**
 * awaiting_payment → paid, with the payment that paid it (a `points` one when points covered everything): its
 * cashback becomes pending and the bought lines leave the basket. Undefined when the order had moved on.
 */
export async function settlePaid(
  ctx: OrdersContext,
  repos: Repositories,
  order: OrderRow,
  payment: PaymentRow,
): Promise<OrderRow | undefined> {
  const paid = await repos.orders.transition(order.id, "awaiting_payment", "paid", { paidAt: ctx.now() });
  if (!paid) return undefined;
  await repos.orders.movePayment(payment.id, payment.status, "confirmed");
  for (const shipment of await repos.orders.lockShipments(paid.id)) {
    await repos.orders.moveShipment(shipment.id, "awaiting_payment", "paid");
  }
  await repos.orders.recordEvent({
    orderId: paid.id,
    fromStatus: "awaiting_payment",
    toStatus: "paid",
    actorKind: payment?.provider === "points" ? "shopper" : "acquirer",
  });
  if (paid.cashbackPoints > 0) {
    await repos.bonus.record({
      userId: paid.userId,
      operationKey: `order:${paid.id}:cashback`,
      kind: "cashback",
      bucket: "pending",
      amount: paid.cashbackPoints,
      orderId: paid.id,
    });
  }
  await queueOrderSms(repos, paid, { kind: "paid" }, ctx.now());
  const lines = await repos.orders.lines(paid.id);
  await repos.orders.removeFromBasket(
    paid.userId,
    lines.map((l) => l.productId),
  );
  return paid;
}

/** Why an order was cancelled, as recorded on it (the back office shows it). */
export type CancelReason = "payment_timeout" | "refunded_by_acquirer";

/**
 * `from` → cancelled, giving back what the order held: stock, courier window, spent points, its pending
 * cashback (reversed), and any page still open at the acquirer (closed by the return job; money taken on it
 * meanwhile is refunded). Undefined when the order was not in `from` (another caller cancelled or moved it).
 */
export async function cancelOrder(
  ctx: OrdersContext,
  repos: Repositories,
  order: OrderRow,
  from: OrderStatus,
  reason: CancelReason,
): Promise<OrderRow | undefined> {
  const row = await repos.orders.transition(order.id, from, "cancelled", {
    cancelledAt: ctx.now(),
    cancelReason: reason,
  });
  if (!row) return undefined;
  // Every parcel not yet with the shopper is called off; only those give their goods back to stock.
  const cancelled = new Set<number>();
  for (const shipment of await repos.orders.lockShipments(row.id)) {
    if (canMoveOrder(shipment.status, "cancelled")) {
      await repos.orders.moveShipment(shipment.id, shipment.status, "cancelled");
      cancelled.add(shipment.id);
    }
  }
  await repos.orders.recordEvent({
    orderId: row.id,
    fromStatus: from,
    toStatus: "cancelled",
    actorKind: reason === "refunded_by_acquirer" ? "acquirer" : "system",
    note: reason,
  });
  const lines = await repos.orders.lines(row.id);
  await repos.orders.returnStock(lines.filter((l) => cancelled.has(l.shipmentId)));
  if (row.slotId) await repos.orders.releaseSlot(row.slotId);
  if (row.bonusSpent > 0) {
    await repos.bonus.record({
      userId: row.userId,
      operationKey: `order:${row.id}:bonus:cancel`,
      kind: "spend_return",
      bucket: "available",
      amount: row.bonusSpent,
      orderId: row.id,
    });
  }
  // Cashback became pending when the order was paid; it never matures now.
  if (from !== "awaiting_payment" && row.cashbackPoints > 0) {
    const reversed = await repos.bonus.record({
      userId: row.userId,
      operationKey: `order:${row.id}:cashback:reversal`,
      kind: "cashback_reversal",
      bucket: "pending",
      amount: -row.cashbackPoints,
      orderId: row.id,
    });
    if (reversed === "insufficient") {
      throw new Error(`order ${row.id}: pending cashback below the order's ${row.cashbackPoints} points`);
    }
  }
  for (const p of await repos.orders.payments(row.id)) {
    if (p.externalId && (p.status === "pending" || p.status === "new")) {
      await repos.orders.returnPayment(p.id, p.status);
    }
  }
  return row;
}
