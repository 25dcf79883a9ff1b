import type { OrderStatus } from "#contract/order-states.ts";
import { queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { AppError } from "#server/errors.ts";
import { callOff } from "./cancellation.ts";
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

/** Why an order was cancelled without anyone asking for it, as recorded on it (the back office shows it). */
export type CancelReason = "payment_timeout" | "refunded_by_acquirer";

/**
 * `from` → cancelled, giving back what the order held (cancellation.ts `callOff`): stock, courier window,
 * spent points, its pending cashback (reversed), and any page still open at the acquirer (closed by the
 * return job; money taken on it meanwhile is refunded). No money is sent back: nothing was paid, or the
 * acquirer already refunded it. Undefined when the locked order was not in `from` or did not end cancelled.
 */
export async function cancelOrder(
  ctx: OrdersContext,
  repos: Repositories,
  order: OrderRow,
  from: OrderStatus,
  reason: CancelReason,
): Promise<OrderRow | undefined> {
  if (order.status !== from) return undefined;
  const { order: row } = await callOff(ctx, repos, order, {
    to: "cancelled",
    reason,
    actor: { kind: reason === "refunded_by_acquirer" ? "acquirer" : "system" },
    refundMoney: false,
  });
  return row.status === "cancelled" ? row : undefined;
}
