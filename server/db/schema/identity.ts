import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A shopper's (or operator's) account (commerce.md, Identity). One person has one account whether they
 * come through the bank or by phone: the account is found by bank subject or by confirmed phone, so both
 * are unique, and at least one is known.
 */
export const users = pgTable(
  "users",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** E.164, e.g. +79161234567; unique among accounts. */
    phone: text("phone"),
    /** The bank identity provider's `sub`. */
    bankSubject: text("bank_subject"),
    surname: text("surname"),
    name: text("name"),
    patronymic: text("patronymic"),
    email: text("email"),
    roles: text("roles").array().notNull().default(sql`ARRAY['shopper']::text[]`),
    /** The delivery kind checkout starts with (spec `PUT /v1/user/address/type`): `courier` or `pickup`. */
    deliveryType: text("delivery_type").notNull().default("courier"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_phone_idx").on(t.phone),
    uniqueIndex("users_bank_subject_idx").on(t.bankSubject),
    check("users_identified", sql`${t.phone} IS NOT NULL OR ${t.bankSubject} IS NOT NULL`),
    check("users_delivery_type", sql`${t.deliveryType} IN ('courier', 'pickup')`),
    check("users_roles", sql`${t.roles} <@ ARRAY['shopper', 'operator', 'admin']::text[]`),
    // The back office lists its staff through this (few rows: operators and admins).
    index("users_staff_idx").on(t.id).where(sql`${t.roles} && ARRAY['operator', 'admin']::text[]`),
    check("users_phone_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/**
 * A signed-in browser. The cookie carries a random 256-bit token; the table keeps only its SHA-256, so a
 * leaked table signs nobody in. A session ends at whichever comes first: 30 days without a visit (the
 * idle expiry slides on use), 90 days after sign-in, or sign-out (revoked).
 */
export const sessions = pgTable(
  "sessions",
  {
    /** base64url SHA-256 of the cookie's token. */
    tokenHash: text("token_hash").primaryKey(),
    /**
     * What the "devices" list names a session by: random, so it says nothing about the token, and a hash
     * shown to the page would be as good as a stored session id to guess against.
     */
    publicId: uuid("public_id").notNull().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** For the account's "devices" list. */
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId, t.lastSeenAt),
    uniqueIndex("sessions_public_id_idx").on(t.publicId),
    // Housekeeping removes sessions past their absolute expiry.
    index("sessions_absolute_expires_idx").on(t.absoluteExpiresAt),
  ],
);
