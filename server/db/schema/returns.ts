import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { orderLines, orders } from "./commerce.ts";
import { users } from "./identity.ts";
import { uploads } from "./support.ts";

/**
 * A shopper's request to return delivered goods (issue 21, point 2; ADR 059) — «заявка на возврат», the
 * `/personal/refunds/{id}` of the spec. `sent` until an operator decides: `approved` (its money and points
 * are an `order_refunds` row sent by the `refund-order` job) then `refunded` once the acquirer gave the money
 * back, or `rejected` with the operator's reason; the shopper may withdraw it while `sent` (`cancelled`).
 * `amount` and `points` are what it gives back, computed by the server when it is sent and again when
 * approved (what is left of the payment may have shrunk meanwhile).
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** A key of RETURN_REASONS (contract/returns.ts). */
    reason: text("reason").notNull(),
    comment: text("comment").notNull().default(""),
    status: text("status", { enum: ["sent", "approved", "rejected", "cancelled", "refunded"] })
      .notNull()
      .default("sent"),
    /** Kopecks to the card. */
    amount: integer("amount").notNull().default(0),
    /** Points back to the balance. */
    points: integer("points").notNull().default(0),
    /** The operator's reason for a rejection, shown to the shopper. */
    decisionReason: text("decision_reason"),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("return_requests_user_idx").on(t.userId, t.id),
    index("return_requests_order_idx").on(t.orderId),
    index("return_requests_queue_idx").on(t.status, t.id),
    check(
      "return_requests_status",
      sql`${t.status} IN ('sent', 'approved', 'rejected', 'cancelled', 'refunded')`,
    ),
    check("return_requests_amounts", sql`${t.amount} >= 0 AND ${t.points} >= 0`),
  ],
);

/** The units of an order's lines a return request gives back. */
export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    returnId: bigint("return_id", { mode: "number" })
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: bigint("order_line_id", { mode: "number" })
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderLineId] }),
    index("return_request_lines_line_idx").on(t.orderLineId),
    check("return_request_lines_quantity", sql`${t.quantity} > 0`),
  ],
);

/** The shopper's photos of a return request (uploads with purpose `refund`), in the order given. */
export const returnRequestPhotos = pgTable(
  "return_request_photos",
  {
    returnId: bigint("return_id", { mode: "number" })
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.uploadId] })],
);
