import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orderShipments, orders, payments } from "./commerce.ts";
import { users } from "./identity.ts";
import { returnRequests } from "./returns.ts";

/**
 * Money we give back to the shopper for parcels called off (ADR 054): a shipment or the whole order
 * cancelled by the shopper or an operator, or a parcel not collected from its point. One row per such
 * decision; the durable `refund-order` job sends its `Cancel` (amount and receipt) to the acquirer under
 * the row's id as `ExternalRequestId`, so a retried job cannot refund twice. Points go back through the
 * ledger in the cancelling transaction itself and are recorded here only to be shown.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The confirmed payment the money goes back to; null when points paid for everything. */
    paymentId: bigint("payment_id", { mode: "number" }).references(() => payments.id, {
      onDelete: "cascade",
    }),
    /** The shipments whose goods and delivery this refund pays back (a return: those of its lines). */
    shipmentIds: jsonb("shipment_ids").$type<number[]>().notNull(),
    /** The shopper's return request this refund pays (ADR 059); null when parcels were called off. */
    returnId: bigint("return_id", { mode: "number" }).references(() => returnRequests.id, {
      onDelete: "cascade",
    }),
    /** Kopecks to the card. */
    amount: integer("amount").notNull(),
    /** Whole points given back to the shopper's balance. */
    points: integer("points").notNull().default(0),
    /** `pending` until the acquirer says the money went back (`done`); `failed` after the job's last try. */
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    /** The 54-FZ refund receipt sent with the `Cancel` (ADR 050). */
    receipt: jsonb("receipt"),
    acquirerStatus: text("acquirer_status"),
    /**
     * Why the last `Cancel` did not go through while the job still retries: `timeout` (the acquirer did not
     * answer in time) or `error`; cleared when it is done. The shopper's refund page says which.
     */
    lastError: text("last_error", { enum: ["timeout", "error"] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId),
    index("order_refunds_payment_idx").on(t.paymentId),
    uniqueIndex("order_refunds_return_uq").on(t.returnId),
    check("order_refunds_amounts", sql`${t.amount} >= 0 AND ${t.points} >= 0`),
    check("order_refunds_status", sql`${t.status} IN ('pending', 'done', 'failed')`),
  ],
);

/** An operator's internal note on an order: never shown to the shopper. Append-only. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorUserId: bigint("author_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.id)],
);

/**
 * The SMS an order's events owe the shopper (paid, handed to delivery, ready for pickup, delivered,
 * cancelled): one row per event, unique by `key`, written in the transaction of the event; the
 * `order-sms` job sends it through the gateway and records the outcome, so however often the job or the
 * event's code runs, one message goes out.
 */
export const orderNotifications = pgTable(
  "order_notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shipmentId: bigint("shipment_id", { mode: "number" }).references(() => orderShipments.id, {
      onDelete: "cascade",
    }),
    /** e.g. `order:42:paid`, `shipment:7:ready_for_pickup`. */
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    phone: text("phone").notNull(),
    text: text("text").notNull(),
    /** `pending` → `sending` (claimed by one job run) → `sent` | `failed`. */
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("order_notifications_key_uq").on(t.key),
    index("order_notifications_order_idx").on(t.orderId),
    check("order_notifications_status", sql`${t.status} IN ('pending', 'sending', 'sent', 'failed')`),
  ],
);
