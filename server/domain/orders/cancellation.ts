import { CANCEL_REASON_TEXT, SHOPPER_CANCELLABLE, STAFF_CANCELLABLE } from "#contract/cancellation-rules.ts";
import { canMoveOrder, type OrderStatus, summaryStatus } from "#contract/order-states.ts";
import { queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { AppError } from "#server/errors.ts";
import type { OrdersContext, Repositories } from "./context.ts";
import { deliveredValues } from "./fulfilment.ts";
import { paymentReceipt } from "./payment-receipt.ts";
import type { OrderRefundRow } from "#server/domain/order-refunds/repository.ts";
import { type ParcelSums, parcelMoney, pointsByParcel } from "./refund-split.ts";
import type { OrderRow } from "./repository.ts";

// Calling parcels off (issue 20, points 2 and 3; ADR 054): the shopper or an operator cancels an order or
// one shipment, a parcel not collected from its point goes back, an unpaid order expires, the acquirer
// refunds an order. One path gives back what the parcels held — stock, their share of the points, their
// pending cashback, the courier window once nothing is left to deliver, and their money through the
// `refund-order` job — inside the caller's transaction, after the conditional moves of the shipments won,
// so it happens once however many callers race.

/** Who calls the parcels off, as the timeline records it. */
export interface CallOffActor {
  kind: "shopper" | "staff" | "system" | "acquirer";
  userId?: number;
}

export interface CallOff {
  /** The parcels to call off; undefined: every parcel that can still go to `to`. */
  shipmentIds?: readonly number[];
  to: "cancelled" | "not_collected";
  /** A key of CANCEL_REASON_TEXT. */
  reason: string;
  actor: CallOffActor;
  /**
   * Send the parcels' money back through the acquirer. False when nothing was paid (an unpaid order
   * expiring) or the acquirer already gave it back (its own refund).
   */
  refundMoney: boolean;
}

export interface CallOffResult {
  order: OrderRow;
  /** The parcels moved by this call (none when another caller had moved them first). */
  moved: number[];
  refund?: OrderRefundRow;
}

/** Each parcel's goods and delivery, from the order's lines. */
function parcelSums(
  shipments: readonly { id: number; deliveryTotal: number }[],
  lines: readonly { shipmentId: number; price: number; quantity: number }[],
): ParcelSums[] {
  return shipments.map((s) => ({
    id: s.id,
    delivery: s.deliveryTotal,
    goods: lines.filter((l) => l.shipmentId === s.id).reduce((sum, l) => sum + l.price * l.quantity, 0),
  }));
}

/**
 * Calls parcels of a locked order off (see the module's comment) and sums the order's status up from its
 * shipments: cancelled (or not collected) when no parcel is left on its way.
 */
export async function callOff(
  ctx: OrdersContext,
  repos: Repositories,
  order: OrderRow,
  plan: CallOff,
): Promise<CallOffResult> {
  const shipments = await repos.orders.lockShipments(order.id);
  const targets = shipments.filter(
    (s) => (plan.shipmentIds?.includes(s.id) ?? true) && canMoveOrder(s.status, plan.to),
  );
  const moved: number[] = [];
  for (const s of targets) {
    if (!(await repos.orders.moveShipment(s.id, s.status, plan.to, { cancelReason: plan.reason }))) continue;
    moved.push(s.id);
    await repos.orders.recordEvent({
      orderId: order.id,
      shipmentId: s.id,
      fromStatus: s.status,
      toStatus: plan.to,
      actorKind: plan.actor.kind,
      actorUserId: plan.actor.userId,
      note: plan.reason,
    });
  }
  if (moved.length === 0) return { order, moved };

  const lines = await repos.orders.lines(order.id);
  const gone = lines.filter((l) => moved.includes(l.shipmentId));
  await repos.orders.returnStock(gone);

  // Points: each parcel's share of what was spent goes back to the balance, once per parcel.
  const parcels = parcelSums(shipments, lines);
  const shares = pointsByParcel(parcels, order.bonusSpent);
  let points = 0;
  for (const id of moved) {
    const share = shares.get(id) ?? 0;
    if (share === 0) continue;
    points += share;
    await repos.bonus.record({
      userId: order.userId,
      operationKey: `order:${order.id}:shipment:${id}:bonus:return`,
      kind: "spend_return",
      bucket: "available",
      amount: share,
      orderId: order.id,
    });
  }

  // Cashback: pending since the order was paid, it never matures for these parcels.
  let row = order;
  if (order.paidAt) {
    let reversed = 0;
    for (const id of moved) {
      const cashback = gone.filter((l) => l.shipmentId === id).reduce((sum, l) => sum + l.cashbackPoints, 0);
      if (cashback === 0) continue;
      const outcome = await repos.bonus.record({
        userId: order.userId,
        operationKey: `order:${order.id}:shipment:${id}:cashback:reversal`,
        kind: "cashback_reversal",
        bucket: "pending",
        amount: -cashback,
        orderId: order.id,
      });
      if (outcome === "insufficient") {
        throw new Error(`order ${order.id}: pending cashback below parcel ${id}'s ${cashback} points`);
      }
      if (outcome === "recorded") reversed += cashback;
    }
    if (reversed > 0) {
      row = await repos.orders.updateOrder(order.id, {
        cashbackPoints: Math.max(0, order.cashbackPoints - reversed),
      });
    }
  }

  const refund = await refundParcels(ctx, repos, row, plan, {
    moved,
    points,
    money: moved.reduce(
      (sum, id) => sum + parcelMoney(parcels.find((p) => p.id === id)!, shares.get(id) ?? 0),
      0,
    ),
  });

  // The order's own status follows its parcels; the courier window goes when nothing is left to deliver.
  const now = await repos.orders.lockShipments(order.id);
  const sum = summaryStatus(now.map((s) => s.status));
  if (sum !== row.status) {
    // Delivered when the last parcel on its way was not collected and another was received: the cashback
    // left (the received parcels') matures after their return window (ADR 055).
    const summed = await repos.orders.summarise(
      order.id,
      row.status,
      sum,
      sum === "cancelled"
        ? { cancelledAt: ctx.now(), cancelReason: plan.reason }
        : sum === "delivered"
          ? deliveredValues(row, now, ctx.now())
          : {},
    );
    if (summed) {
      await repos.orders.recordEvent({
        orderId: order.id,
        fromStatus: row.status,
        toStatus: sum,
        actorKind: plan.actor.kind,
        actorUserId: plan.actor.userId,
        note: plan.reason,
      });
      row = summed;
    }
  }
  const live = now.some((s) => s.status !== "cancelled" && s.status !== "not_collected");
  if (!live && row.slotId) await repos.orders.releaseSlot(row.slotId);
  if (row.status === "cancelled") {
    // Pages still open at the acquirer are closed by the return job (money taken on them meanwhile goes back).
    for (const p of await repos.orders.payments(row.id)) {
      if (p.externalId && (p.status === "pending" || p.status === "new")) {
        await repos.orders.returnPayment(p.id, p.status);
      }
    }
  }
  return { order: row, moved, refund };
}

/**
 * Records what the parcels give back and queues their money for the acquirer: the confirmed payment of
 * the order, their goods and delivery less their points, with a receipt of those goods and deliveries.
 */
async function refundParcels(
  ctx: OrdersContext,
  repos: Repositories,
  order: OrderRow,
  plan: CallOff,
  parcels: {
    moved: number[];
    points: number;
    money: number;
  },
): Promise<OrderRefundRow | undefined> {
  if (!plan.refundMoney || !order.paidAt) return undefined;
  const payment = (await repos.orders.payments(order.id)).find(
    (p) => p.provider !== "points" && (p.status === "confirmed" || p.status === "partially_refunded"),
  );
  if (!payment || parcels.money === 0) {
    if (parcels.points === 0) return undefined;
    return repos.refunds.insert({
      orderId: order.id,
      shipmentIds: parcels.moved,
      amount: 0,
      points: parcels.points,
      status: "done",
      doneAt: ctx.now(),
    });
  }
  const left = payment.amount - (await repos.refunds.committed(payment.id));
  const amount = Math.min(parcels.money, left);
  if (amount !== parcels.money) {
    ctx.logger.error(
      { orderId: order.id, paymentId: payment.id, money: parcels.money, left },
      "refund capped at what is left of the payment",
    );
  }
  const receipt =
    amount > 0 && ctx.options.acquirer
      ? await paymentReceipt(ctx, ctx.options.acquirer, order.id, amount, parcels.moved, repos.orders)
      : undefined;
  return repos.refunds.insert({
    orderId: order.id,
    paymentId: payment.id,
    shipmentIds: parcels.moved,
    amount,
    points: parcels.points,
    status: amount > 0 ? "pending" : "done",
    receipt,
  });
}

/** Who is cancelling: the order's shopper, or staff (with the audit record's actor). */
export type Canceller =
  | { kind: "shopper"; userId: number }
  | { kind: "staff"; userId: number; address: string | null };

const notAllowed = (status: OrderStatus, kind: Canceller["kind"]) =>
  new AppError(
    "conflict",
    status === "delivered"
      ? "Заказ уже получен: отменить его нельзя, можно оформить возврат"
      : kind === "shopper"
        ? "Отправление уже передано в доставку: отменить его нельзя. Откажитесь от него при получении"
        : "Это отправление отменить уже нельзя",
    { code: "cancel_not_allowed" },
  );

/**
 * A shopper or an operator cancels an order, or one parcel of it (`shipmentId`). A shopper may until the
 * parcel is handed to delivery (an unpaid order only whole), an operator until it reaches the shopper.
 * Idempotent: what is already cancelled is answered as it is.
 */
export async function cancelByRequest(
  ctx: OrdersContext,
  who: Canceller,
  orderId: number,
  input: { reason: string; shipmentId?: number },
): Promise<CallOffResult> {
  return ctx.work.transaction(async (repos) => {
    const order = await repos.orders.lockOrder(orderId, who.kind === "shopper" ? who.userId : undefined);
    if (!order) throw new AppError("not_found", "Заказ не найден", { code: "order_not_found" });
    const shipments = await repos.orders.lockShipments(orderId);
    const allowed = who.kind === "shopper" ? SHOPPER_CANCELLABLE : STAFF_CANCELLABLE;
    let targets = shipments;
    if (input.shipmentId !== undefined) {
      targets = shipments.filter((s) => s.id === input.shipmentId);
      if (targets.length === 0) {
        throw new AppError("not_found", "Отправление не найдено", { code: "shipment_not_found" });
      }
      if (order.status === "awaiting_payment") {
        throw new AppError("conflict", "Неоплаченный заказ отменяется целиком", {
          code: "cancel_not_allowed",
        });
      }
    }
    const open = targets.filter((s) => s.status !== "cancelled");
    if (open.length === 0) return { order, moved: [] };
    const refused = open.find((s) => !allowed.includes(s.status));
    if (refused) throw notAllowed(refused.status, who.kind);
    const result = await callOff(ctx, repos, order, {
      shipmentIds: open.map((s) => s.id),
      to: "cancelled",
      reason: input.reason,
      actor: { kind: who.kind, userId: who.kind === "staff" ? who.userId : undefined },
      refundMoney: true,
    });
    // The shopper is texted what comes back (ADR 055), once per cancelled part: paid orders only, since
    // cancelling an unpaid one returns nothing and is the shopper's own doing or the payment timeout.
    if (result.moved.length > 0 && order.paidAt) {
      await queueOrderSms(
        repos,
        result.order,
        {
          kind: "cancelled",
          shipmentIds: result.moved,
          amount: result.refund?.amount ?? 0,
          points: result.refund?.points ?? 0,
        },
        ctx.now(),
      );
    }
    if (who.kind === "staff") {
      await repos.audit.record(
        { userId: who.userId, label: `user:${who.userId}`, address: who.address },
        {
          action: "order.cancel",
          target: `order:${orderId}`,
          details: {
            shipmentIds: result.moved,
            reason: input.reason,
            reasonText: CANCEL_REASON_TEXT[input.reason],
            refund: result.refund ? { amount: result.refund.amount, points: result.refund.points } : null,
          },
        },
      );
    }
    ctx.logger.info(
      { orderId, shipments: result.moved, by: who.kind, refund: result.refund?.amount ?? 0 },
      "parcels cancelled",
    );
    return result;
  });
}
