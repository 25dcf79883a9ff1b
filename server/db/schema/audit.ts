import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/**
 * What staff did (issue 20, point 8; ADR 051): one row per operator or admin action — who (the account, or
 * the command line), when, what (`action`, e.g. `staff.grant`), on what (`target`, e.g. `user:42`), the
 * details needed to read it later, and from which address. Append-only: nothing updates or deletes it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The staff account; null for the command line (`npm run operator`). */
    actorUserId: bigint("actor_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    /** `cli` for the command line, else the account's phone at the time (it may change later). */
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    /** The client address as the proxy-trust rules read it (ADR 026); null from the command line. */
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
