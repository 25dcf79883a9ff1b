import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "#contract/order-states.ts";
import { addresses } from "./account.ts";
import { baskets } from "./basket.ts";
import { products, sellers } from "./catalog.ts";
import { cities, pickupPoints } from "./geo.ts";
import { users } from "./identity.ts";

/**
 * The idempotency keys of basket mutations (commerce.md, Basket): a key seen before for this basket is
 * not applied again, so a double click or a retried request never doubles a line. Kept a day.
 */
export const basketMutations = pgTable(
  "basket_mutations",
  {
    basketId: bigint("basket_id", { mode: "number" })
      .notNull()
      .references(() => baskets.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.basketId, t.key] }),
    index("basket_mutations_created_idx").on(t.createdAt),
  ],
);

/**
 * Courier time windows of one city and day. A row exists once a window was booked (or its capacity set);
 * `booked` moves only by conditional updates, so it never passes `capacity`.
 */
export const deliverySlots = pgTable(
  "delivery_slots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    /** Local hours of the city: the window is [startsHour, endsHour). */
    startsHour: smallint("starts_hour").notNull(),
    endsHour: smallint("ends_hour").notNull(),
    capacity: integer("capacity").notNull(),
    booked: integer("booked").notNull().default(0),
  },
  (t) => [
    uniqueIndex("delivery_slots_window_uq").on(t.cityId, t.date, t.startsHour),
    check("delivery_slots_booked_range", sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`),
    check(
      "delivery_slots_hours",
      sql`${t.startsHour} >= 0 AND ${t.endsHour} <= 24 AND ${t.startsHour} < ${t.endsHour}`,
    ),
  ],
);

/** The order's life (commerce.md): the one list, shared with the API's contract. */
export { ORDER_STATUSES, PAYMENT_STATUSES };

/**
 * An order (commerce.md, Order, stock and payment). Money in kopecks, points in whole points (1 point =
 * 1 ₽). Everything the shopper saw at placement is copied here (address, recipient, prices), so the order
 * reads the same whatever later happens to the address book or the catalogue.
 */
export const orders = pgTable(
  "orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What the shopper and support call the order. */
    number: text("number").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("awaiting_payment"),
    /** The client's idempotency key of the placement: a retry with it returns this order. */
    checkoutKey: text("checkout_key").notNull(),
    basketVersion: integer("basket_version").notNull(),
    deliveryType: text("delivery_type", { enum: ["courier", "pickup"] }).notNull(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "restrict" }),
    addressId: bigint("address_id", { mode: "number" }).references(() => addresses.id, {
      onDelete: "set null",
    }),
    pickupPointId: integer("pickup_point_id").references(() => pickupPoints.id, { onDelete: "set null" }),
    /** The delivery address (or pickup point) as it was at placement. */
    delivery: jsonb("delivery").notNull(),
    /** Who receives the order: surname, name, patronymic, phone, email. */
    recipient: jsonb("recipient").notNull(),
    slotId: bigint("slot_id", { mode: "number" }).references(() => deliverySlots.id, {
      onDelete: "set null",
    }),
    /** Sum of price × quantity. */
    goodsTotal: integer("goods_total").notNull(),
    /** Sum of (old price − price) × quantity: what the discounts saved. */
    discountTotal: integer("discount_total").notNull().default(0),
    deliveryTotal: integer("delivery_total").notNull().default(0),
    /** Points spent on this order (whole points). */
    bonusSpent: integer("bonus_spent").notNull().default(0),
    /** Points the order earns once delivered. */
    cashbackPoints: integer("cashback_points").notNull().default(0),
    /** goods + delivery − points, in kopecks: what the card pays. */
    toPay: integer("to_pay").notNull(),
    /** An unpaid order is cancelled after this (PAYMENT_TIMEOUT_MIN). */
    paymentDeadline: timestamp("payment_deadline", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /** Kopecks the acquirer says went back to the shopper (its own refunds and ours), for the order's page. */
    refundedTotal: integer("refunded_total").notNull().default(0),
    /**
     * When the order's pending cashback becomes spendable: set when the order is delivered (plus the return
     * window, ADR 055), cleared when the maturation job has moved it or nothing is left to move.
     */
    cashbackDueAt: timestamp("cashback_due_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_number_uq").on(t.number),
    uniqueIndex("orders_checkout_key_uq").on(t.userId, t.checkoutKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    // The expiry job scans only the unpaid orders, oldest deadline first.
    index("orders_unpaid_deadline_idx").on(t.paymentDeadline).where(sql`${t.status} = 'awaiting_payment'`),
    // The cashback maturation job scans only orders whose cashback waits.
    index("orders_cashback_due_idx").on(t.cashbackDueAt).where(sql`${t.cashbackDueAt} IS NOT NULL`),
    // The back office's filters, each with the list's order (newest first, paged by id).
    index("orders_status_idx").on(t.status, t.id),
    index("orders_created_idx").on(t.createdAt),
    check(
      "orders_status",
      sql`${t.status} IN ('awaiting_payment', 'paid', 'assembling', 'in_delivery', 'ready_for_pickup', 'delivered', 'not_collected', 'cancelled')`,
    ),
    check("orders_delivery_type", sql`${t.deliveryType} IN ('courier', 'pickup')`),
    check(
      "orders_money_nonnegative",
      sql`${t.goodsTotal} > 0 AND ${t.discountTotal} >= 0 AND ${t.deliveryTotal} >= 0 AND ${t.bonusSpent} >= 0 AND ${t.cashbackPoints} >= 0 AND ${t.toPay} >= 0`,
    ),
    check("orders_refunded_total", sql`${t.refundedTotal} >= 0`),
    check("orders_to_pay", sql`${t.toPay} = ${t.goodsTotal} + ${t.deliveryTotal} - ${t.bonusSpent} * 100`),
  ],
);

/** One shipment per seller of an order, with the date that seller can deliver. */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    deliveryTotal: integer("delivery_total").notNull().default(0),
    /**
     * Where this seller's parcel is (ORDER_TRANSITIONS, ADR 053): operators move shipments; the order's own
     * status sums its shipments up.
     */
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("awaiting_payment"),
    /** Pickup: the last day the point keeps the parcel (its storage days from ready for pickup). */
    storageUntil: date("storage_until", { mode: "string" }),
    /** Pickup: the code the shopper gives at the point. */
    pickupCode: text("pickup_code"),
    /** When the parcel reached the shopper: purchases and «Вы покупали» date from it. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Why the parcel was called off (CANCEL_REASONS, ADR 054), or `not_collected`. */
    cancelReason: text("cancel_reason"),
  },
  (t) => [
    uniqueIndex("order_shipments_seller_uq").on(t.orderId, t.sellerId),
    check(
      "order_shipments_status",
      sql`${t.status} IN ('awaiting_payment', 'paid', 'assembling', 'in_delivery', 'ready_for_pickup', 'delivered', 'not_collected', 'cancelled')`,
    ),
    // The not-collected job looks only at parcels waiting at a point.
    index("order_shipments_waiting_idx").on(t.storageUntil).where(sql`${t.status} = 'ready_for_pickup'`),
    // The back office's seller filter.
    index("order_shipments_seller_idx").on(t.sellerId, t.orderId),
  ],
);

/**
 * The timeline of an order: every status change of the order or one of its shipments, with who made it
 * (a staff account, the shopper, the acquirer, a job) and when. Append-only.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The shipment moved; null when the event is the whole order's (placed, paid, cancelled). */
    shipmentId: bigint("shipment_id", { mode: "number" }).references(() => orderShipments.id, {
      onDelete: "cascade",
    }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** The staff account that made the change; null for the shopper, the acquirer or a job. */
    actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    /** `shopper`, `acquirer`, `system` or `staff`. */
    actorKind: text("actor_kind", { enum: ["shopper", "acquirer", "system", "staff"] }).notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

/** A bought product: prices as they were at placement, re-read from the catalogue, never the client's. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shipmentId: bigint("shipment_id", { mode: "number" })
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    price: integer("price").notNull(),
    oldPrice: integer("old_price"),
    cashbackPercent: smallint("cashback_percent").notNull().default(0),
    /** Points the line earns: floor(price × quantity × percent / 100 / 100). */
    cashbackPoints: integer("cashback_points").notNull().default(0),
  },
  (t) => [
    uniqueIndex("order_lines_product_uq").on(t.orderId, t.productId),
    index("order_lines_product_idx").on(t.productId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("order_lines_price_positive", sql`${t.price} > 0`),
  ],
);

/**
 * One attempt to pay an order at the acquirer (a new `Init` for each "pay again"). `externalId` is the
 * acquirer's PaymentId; the order is paid when one attempt is confirmed by a verified notification or a
 * `GetState` check, whichever comes first (both are idempotent).
 */
export const payments = pgTable(
  "payments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1, 2, … per order; the acquirer's OrderId is `<order number>-<attempt>`, unique per terminal. */
    attempt: integer("attempt").notNull(),
    provider: text("provider").notNull(),
    /** `installments`: «Оплата частями» (issue 22, point 2; ADR 062), its term in `installmentMonths`. */
    method: text("method", { enum: ["card", "sbp", "points", "installments"] }).notNull(),
    installmentMonths: smallint("installment_months"),
    externalId: text("external_id"),
    amount: integer("amount").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("new"),
    /** The acquirer's status word as last seen (CONFIRMED, REJECTED, …), for support. */
    acquirerStatus: text("acquirer_status"),
    paymentUrl: text("payment_url"),
    /** Kopecks of this payment the acquirer says went back (a partial refund leaves it below `amount`). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_attempt_uq").on(t.orderId, t.attempt),
    uniqueIndex("payments_external_uq").on(t.provider, t.externalId),
    // The reconciliation job looks only at payments with a page still open.
    index("payments_open_idx").on(t.orderId).where(sql`${t.status} IN ('new', 'pending')`),
    check("payments_amount_nonnegative", sql`${t.amount} >= 0`),
    check(
      "payments_installment_months",
      sql`${t.installmentMonths} IS NULL OR ${t.installmentMonths} BETWEEN 2 AND 24`,
    ),
    check("payments_refunded_amount", sql`${t.refundedAmount} BETWEEN 0 AND ${t.amount}`),
    check(
      "payments_status",
      sql`${t.status} IN ('new', 'pending', 'confirmed', 'rejected', 'cancelled', 'returning', 'partially_refunded', 'refunded')`,
    ),
  ],
);

/**
 * Payments an operator must look at: money the acquirer would not give back after the last retry of its
 * job (`kind` return_failed). Listed in the back office; `resolvedAt` when someone dealt with it.
 */
export const paymentProblems = pgTable(
  "payment_problems",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: bigint("payment_id", { mode: "number" })
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /**
     * `return_failed`: our job could not give the money back; `partial_refund`: the acquirer refunded part
     * of a paid order (someone decides what of the order stays); `refund_after_handover`: all of it, after
     * the goods reached the shopper.
     */
    kind: text("kind", {
      enum: ["return_failed", "refund_failed", "partial_refund", "refund_after_handover"],
    }).notNull(),
    /** The last error, for the operator (no card data: the acquirer's code and message). */
    detail: text("detail").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The operator who dealt with it, and how (their note). */
    resolvedBy: bigint("resolved_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    resolution: text("resolution"),
  },
  (t) => [
    uniqueIndex("payment_problems_payment_kind_uq").on(t.paymentId, t.kind),
    index("payment_problems_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * A user's points: the ledger below is the history and the source of truth; this row is its running
 * sum, moved in the same transaction as each ledger row by a conditional update, so the balance can
 * never go below zero (the CHECK holds it even against a bug).
 */
export const bonusAccounts = pgTable(
  "bonus_accounts",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Points that can be spent now. */
    balance: integer("balance").notNull().default(0),
    /** Cashback earned by orders not yet delivered (or still returnable). */
    pending: integer("pending").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bonus_accounts_balance_nonnegative", sql`${t.balance} >= 0`),
    check("bonus_accounts_pending_nonnegative", sql`${t.pending} >= 0`),
  ],
);

export const BONUS_KINDS = [
  "welcome",
  "spend",
  "spend_return",
  "cashback",
  "cashback_release",
  "cashback_reversal",
  "expiry",
] as const;

/**
 * The bonus ledger: append-only, one row per operation, idempotent by `operationKey` (unique), in whole
 * points. `bucket` says which sum the row moves: `available` (spendable) or `pending` (cashback waiting
 * for delivery and the return window).
 */
export const bonusLedger = pgTable(
  "bonus_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    operationKey: text("operation_key").notNull(),
    kind: text("kind", { enum: BONUS_KINDS }).notNull(),
    bucket: text("bucket", { enum: ["available", "pending"] }).notNull(),
    /** Signed: accruals positive, spends negative. */
    amount: integer("amount").notNull(),
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bonus_ledger_operation_uq").on(t.operationKey),
    index("bonus_ledger_user_idx").on(t.userId, t.createdAt),
    check("bonus_ledger_amount_nonzero", sql`${t.amount} <> 0`),
    check("bonus_ledger_bucket", sql`${t.bucket} IN ('available', 'pending')`),
  ],
);

/**
 * The stand-in acquirer's own payments (its side of the T-Bank protocol): what a real acquirer keeps
 * on its servers. The shop's side is `payments`; the two talk only over HTTP.
 */
export const acquirerStandInPayments = pgTable(
  "acquirer_stand_in_payments",
  {
    /** The PaymentId the stand-in hands out. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    terminalKey: text("terminal_key").notNull(),
    /** The shop's OrderId. */
    orderId: text("order_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** The T-Bank status word: NEW, FORM_SHOWED, 3DS_CHECKING, CONFIRMED, REJECTED, CANCELED, … */
    status: text("status").notNull(),
    description: text("description"),
    successUrl: text("success_url"),
    failUrl: text("fail_url"),
    notificationUrl: text("notification_url"),
    /** Masked card number of the last attempt (4300 00** **** 0777), for the notification's Pan. */
    pan: text("pan"),
    errorCode: text("error_code").notNull().default("0"),
    /** Whatever else the stand-in needs between its pages (3-D Secure step, SBP). */
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("acquirer_stand_in_order_uq").on(t.terminalKey, t.orderId)],
);
