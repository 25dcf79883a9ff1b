import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./commerce.ts";
import { users } from "./identity.ts";

/**
 * A photo a shopper uploaded (issue 21, point 1): only files stored whole get a row (nothing half-stored),
 * re-encoded and stripped of metadata, under a random id, outside the web root (the data directory or an
 * S3 bucket). `attachedTo` names what it belongs to once a refund, an appeal's message or a review takes it;
 * unattached uploads older than a day are removed by a job.
 */
export const uploads = pgTable(
  "uploads",
  {
    /** Random, URL-safe: the only name the file has. */
    id: text("id").primaryKey(),
    ownerUserId: bigint("owner_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * `refund`, `support` or `review`: which limits applied and who may see it; `catalog`: an operator's
     * catalogue picture (ADR 061), attached to its image at once.
     */
    purpose: text("purpose", { enum: ["refund", "support", "review", "catalog"] }).notNull(),
    /** What the stored file is after re-encoding (never what the client said). */
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    /** `disk` or `s3`, and the key within it. */
    storage: text("storage", { enum: ["disk", "s3"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    /** e.g. `support_message:12`; null while only uploaded. */
    attachedTo: text("attached_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("uploads_owner_idx").on(t.ownerUserId, t.createdAt),
    index("uploads_unattached_idx").on(t.createdAt).where(sql`${t.attachedTo} IS NULL`),
    check("uploads_purpose", sql`${t.purpose} IN ('refund', 'support', 'review', 'catalog')`),
    check("uploads_size", sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.bytes} > 0`),
  ],
);

/**
 * A shopper's appeal to support (issue 21, point 3): a category from the dictionary, optionally one of the
 * shopper's orders, the conversation in `support_messages`. `open` until an operator answers
 * (`answered`), open again when the shopper replies, `closed` by an operator.
 */
export const supportAppeals = pgTable(
  "support_appeals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    /** The shopper's full name as given (the spec's full-name rule). */
    fullName: text("full_name").notNull(),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    /** The operator who took it. */
    assignedTo: bigint("assigned_to", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last message's time: both queues sort by it. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("support_appeals_user_idx").on(t.userId, t.lastMessageAt),
    index("support_appeals_queue_idx").on(t.status, t.lastMessageAt),
    check("support_appeals_status", sql`${t.status} IN ('open', 'answered', 'closed')`),
  ],
);

/** One message of an appeal's conversation, the shopper's or an operator's, in order. Append-only. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    appealId: bigint("appeal_id", { mode: "number" })
      .notNull()
      .references(() => supportAppeals.id, { onDelete: "cascade" }),
    authorKind: text("author_kind", { enum: ["shopper", "staff"] }).notNull(),
    /** The staff account that answered; the shopper's messages are the appeal's user's. */
    authorUserId: bigint("author_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the other side saw it: an operator's answer is unread for the shopper until then. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("support_messages_appeal_idx").on(t.appealId, t.id),
    check("support_messages_author", sql`${t.authorKind} IN ('shopper', 'staff')`),
  ],
);

/** Photos attached to a message (uploads of purpose `support`). */
export const supportMessagePhotos = pgTable(
  "support_message_photos",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => supportMessages.id, { onDelete: "cascade" }),
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.uploadId] })],
);
