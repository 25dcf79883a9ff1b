// The order's and the payment's lifecycles as tables (commerce.md, Order, stock and payment; ADR 049).
// `transition()` in the orders repository is the only writer of either status: it refuses a move the
// table does not list and updates `WHERE status = from`, so of racing callers exactly one moves the row.

export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "assembling",
  "in_delivery",
  "ready_for_pickup",
  "delivered",
  "not_collected",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the shopper sees each status. */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  awaiting_payment: "Ожидает оплаты",
  paid: "Оплачен",
  assembling: "Собирается",
  in_delivery: "В доставке",
  ready_for_pickup: "Ждёт в пункте выдачи",
  delivered: "Получен",
  not_collected: "Не забран",
  cancelled: "Отменён",
};

/**
 * Where an order may go from each status. Cancelling is possible until the goods are in the shopper's
 * hands (a shopper or operator before handover to delivery, an acquirer-side refund at any point before
 * delivery); a pickup order whose storage days pass is `not_collected`. Delivered, not collected and
 * cancelled are final: what happens after (returns) has its own lifecycle.
 */
export const ORDER_TRANSITIONS = {
  awaiting_payment: ["paid", "cancelled"],
  paid: ["assembling", "cancelled"],
  assembling: ["in_delivery", "cancelled"],
  in_delivery: ["ready_for_pickup", "delivered", "cancelled"],
  ready_for_pickup: ["delivered", "not_collected", "cancelled"],
  delivered: [],
  not_collected: [],
  cancelled: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** Statuses in which the goods have not reached the shopper: a full refund then cancels the order. */
export const BEFORE_HANDOVER: readonly OrderStatus[] = [
  "paid",
  "assembling",
  "in_delivery",
  "ready_for_pickup",
];

/**
 * A payment attempt: `new` while its `Init` is in flight, `pending` with a page open, then `confirmed`
 * (money taken) or `rejected` (declined, expired, Init failed) or `cancelled` (page closed by us).
 * `returning`: money or an open page the order cannot take, being given back by a durable job (ADR 043).
 * `partially_refunded` / `refunded`: the acquirer says part or all of the money went back.
 */
export const PAYMENT_STATUSES = [
  "new",
  "pending",
  "confirmed",
  "rejected",
  "cancelled",
  "returning",
  "partially_refunded",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the back office shows each payment status. */
export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  new: "Создан",
  pending: "Ожидает оплаты",
  confirmed: "Оплачен",
  rejected: "Отклонён",
  cancelled: "Отменён",
  returning: "Возвращается",
  partially_refunded: "Возвращён частично",
  refunded: "Возвращён",
};

export const PAYMENT_TRANSITIONS = {
  // An Init answered (pending) or failed / never answered (rejected); a word about it may come first.
  new: ["pending", "confirmed", "rejected", "cancelled", "returning", "refunded"],
  pending: ["confirmed", "rejected", "cancelled", "returning", "refunded"],
  // Money taken: given back by us (returning) or by the acquirer's own refund or reversal.
  confirmed: ["returning", "partially_refunded", "refunded"],
  partially_refunded: ["returning", "partially_refunded", "refunded"],
  // Being given back: ends as the acquirer says (closed page, declined meanwhile, refunded).
  returning: ["cancelled", "rejected", "partially_refunded", "refunded"],
  // Money taken after all on a page taken as ended (a late word): it belongs to no order and goes back.
  rejected: ["returning"],
  cancelled: ["returning"],
  refunded: [],
} as const satisfies Record<PaymentStatus, readonly PaymentStatus[]>;

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return (PAYMENT_TRANSITIONS[from] as readonly PaymentStatus[]).includes(to);
}

/** Every status reachable from `from` (itself included), walking the table. */
export function reachable<S extends string>(table: Record<S, readonly S[]>, from: S): Set<S> {
  const seen = new Set<S>([from]);
  const queue: S[] = [from];
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    for (const next of table[s]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** How far along each status is, for summing shipments up into their order's status. */
const PROGRESS: Record<OrderStatus, number> = {
  awaiting_payment: 0,
  paid: 1,
  assembling: 2,
  in_delivery: 3,
  ready_for_pickup: 4,
  delivered: 5,
  not_collected: 5,
  cancelled: 6,
};

/**
 * The order's status from its shipments' (ADR 053): cancelled when all are; otherwise the least advanced of
 * the live ones (an order is delivered when its last parcel is), and at the end delivered if any parcel
 * reached the shopper, else not collected.
 */
export function summaryStatus(shipments: readonly OrderStatus[]): OrderStatus {
  const live = shipments.filter((s) => s !== "cancelled");
  if (live.length === 0) return "cancelled";
  const least = live.reduce((a, b) => (PROGRESS[b] < PROGRESS[a] ? b : a));
  if (PROGRESS[least] < PROGRESS.delivered) return least;
  return live.includes("delivered") ? "delivered" : "not_collected";
}

/**
 * Whether an order may move from `from` to `to` as the sum of its shipments: along the table, possibly
 * several steps at once (a shipment cancelled leaves the others' status, which may be further on).
 */
export function canSummarise(from: OrderStatus, to: OrderStatus): boolean {
  return from !== to && reachable(ORDER_TRANSITIONS, from).has(to);
}
