import { CANCEL_REASON_TEXT, REFUND_STATUS_TEXT, SHOPPER_CANCELLABLE } from "#contract/cancellation-rules.ts";
import { kopecks, points } from "#contract/money.ts";
import type { OrderStatus } from "#contract/order-states.ts";
import { ORDER_STATUS_TEXT, type Order } from "#contract/orders.ts";
import type { OrderDetails, OrderRow, OrdersRepository } from "./repository.ts";

/** How the money was paid (the first payment that took it): card, SBP or installments with their term. */
function paidWithOf(took: OrderDetails["payments"]): Pick<Order, "paidWith" | "installmentMonths"> {
  const paid = took.find((p) => p.method === "card" || p.method === "sbp" || p.method === "installments");
  if (!paid || paid.method === "points") return { paidWith: null, installmentMonths: null };
  return {
    paidWith: paid.method,
    installmentMonths: paid.method === "installments" ? paid.installmentMonths : null,
  };
}

// How orders read to their shopper: the order page and the list of the personal account.

/** The whole order as its page shows it: shipments with their lines, delivery, payment. */
export async function orderView(repository: OrdersRepository, row: OrderRow): Promise<Order> {
  const { shipments, lines, payments, events, refunds, slot } = await repository.details(row.id);
  // Money the card paid: payments that took it, whatever was given back since.
  const took = payments.filter(
    (p) => p.status === "confirmed" || p.status === "partially_refunded" || p.status === "refunded",
  );
  const live = shipments.filter((s) => s.status !== "cancelled" && s.status !== "not_collected");
  const delivery = row.delivery as Order["delivery"];
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusText: ORDER_STATUS_TEXT[row.status],
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentDeadline: row.paymentDeadline.toISOString(),
    goodsTotal: kopecks(row.goodsTotal),
    discountTotal: kopecks(row.discountTotal),
    deliveryTotal: kopecks(row.deliveryTotal),
    bonusSpent: points(row.bonusSpent),
    cashbackPoints: points(row.cashbackPoints),
    toPay: kopecks(row.toPay),
    paidByCard: kopecks(took.filter((p) => p.provider !== "points").reduce((sum, p) => sum + p.amount, 0)),
    ...paidWithOf(took),
    installmentsEligible: lines.every((l) => !l.ineligible),
    delivery: {
      ...delivery,
      slot: slot ? { date: slot.date, startsHour: slot.startsHour, endsHour: slot.endsHour } : null,
    },
    recipient: row.recipient as Order["recipient"],
    shipments: shipments.map((s) => ({
      id: s.id,
      seller: { id: s.sellerId, code: s.sellerCode, name: s.sellerName },
      status: s.status,
      statusText: ORDER_STATUS_TEXT[s.status],
      deliveryDate: s.deliveryDate,
      deliveryTotal: kopecks(s.deliveryTotal),
      storageUntil: s.storageUntil,
      pickupCode: s.status === "ready_for_pickup" ? s.pickupCode : null,
      deliveredAt: s.deliveredAt?.toISOString() ?? null,
      cancellable: row.status !== "awaiting_payment" && SHOPPER_CANCELLABLE.includes(s.status),
      cancelReason: s.cancelReason ? (CANCEL_REASON_TEXT[s.cancelReason] ?? null) : null,
      lines: lines
        .filter((l) => l.shipmentId === s.id)
        .map((l) => ({
          productId: l.productId,
          name: l.name,
          quantity: l.quantity,
          price: kopecks(l.price),
          oldPrice: l.oldPrice === null ? null : kopecks(l.oldPrice),
          cashbackPoints: points(l.cashbackPoints),
          image:
            l.imageUrl !== null && l.imageWidth !== null && l.imageHeight !== null
              ? { url: l.imageUrl, width: l.imageWidth, height: l.imageHeight, alt: l.imageAlt ?? l.name }
              : null,
        })),
    })),
    timeline: events.map((e) => ({
      at: e.createdAt.toISOString(),
      status: e.toStatus as OrderStatus,
      statusText: ORDER_STATUS_TEXT[e.toStatus as OrderStatus],
      shipmentId: e.shipmentId,
    })),
    cancellable: live.length > 0 && live.every((s) => SHOPPER_CANCELLABLE.includes(s.status)),
    refundedTotal: kopecks(row.refundedTotal),
    refunds: refunds.map((r) => ({
      id: r.id,
      shipmentIds: r.shipmentIds,
      amount: kopecks(r.amount),
      points: points(r.points),
      status: r.status,
      statusText: REFUND_STATUS_TEXT[r.status],
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** One row of the personal account's order list: sums, dates, where it goes, the first pictures. */
export function orderListItem(
  row: OrderRow,
  lines: Awaited<ReturnType<OrdersRepository["listWithParts"]>>["lines"],
  dates: Awaited<ReturnType<OrdersRepository["listWithParts"]>>["dates"],
) {
  const own = lines.filter((l) => l.orderId === row.id);
  const delivery = row.delivery as Order["delivery"];
  const days = [...new Set(dates.filter((d) => d.orderId === row.id).map((d) => d.deliveryDate))].sort();
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusText: ORDER_STATUS_TEXT[row.status],
    createdAt: row.createdAt.toISOString(),
    toPay: kopecks(row.toPay),
    goodsTotal: kopecks(row.goodsTotal),
    bonusSpent: points(row.bonusSpent),
    deliveryTotal: kopecks(row.deliveryTotal),
    deliveryDates: days,
    deliveryType: row.deliveryType,
    deliveryPlace:
      delivery.type === "pickup" && delivery.pointName
        ? `${delivery.pointName}, ${delivery.address}`
        : delivery.address,
    itemsCount: own.reduce((sum, l) => sum + l.quantity, 0),
    images: own
      .filter((l) => l.imageUrl !== null)
      .slice(0, 6)
      .map((l) => ({ url: l.imageUrl!, alt: l.name })),
    shipments: dates
      .filter((d) => d.orderId === row.id)
      .map((d) => ({
        id: d.id,
        seller: d.seller,
        status: d.status,
        statusText: ORDER_STATUS_TEXT[d.status],
        deliveryDate: d.deliveryDate,
        storageUntil: d.storageUntil,
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
      })),
  };
}
