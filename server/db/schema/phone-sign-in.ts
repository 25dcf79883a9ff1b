import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The one live sign-in code of a phone (commerce.md, Identity). A new request overwrites the row, so an
 * older code dies the moment a new one is sent and the table holds at most a row per phone. Only the
 * code's HMAC is kept: a leaked table gives no code away without the server's key.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** E.164, e.g. +79161234567. */
    phone: text("phone").notNull(),
    /** base64url HMAC-SHA256 of the code under the server's OTP key. */
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Confirmations tried against this code, right or wrong. */
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** When an SMS last went out to this phone: the resend cooldown counts from it. */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("phone_codes_phone_idx").on(t.phone)],
);

/**
 * Every SMS the shop sends, and what the gateway said. The stand-in gateway's rows are the messages
 * themselves (a person trying the shop reads the code there or in the log); a real gateway's rows keep
 * the text with the code blanked out.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text("phone").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** `stand-in` or `sms.ru`. */
    provider: text("provider").notNull(),
    /** The gateway's message id, when it gave one. */
    providerId: text("provider_id"),
    /** `sent` or `failed`. */
    status: text("status").notNull(),
  },
  (t) => [index("sms_outbox_phone_idx").on(t.phone, t.createdAt)],
);

/**
 * Keys the server generates for itself when the configuration gives none (ADR 028): kept in the database
 * so every instance and every restart uses the same one.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
