import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { auditLog } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/** Who did it: a staff account (its phone as the label) or the command line. */
export type AuditActor = { userId: number; label: string; address: string | null } | { cli: true };

export interface AuditEntry {
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  action?: string;
  actorUserId?: number;
  from?: Date;
  to?: Date;
}

/** The audit log (ADR 051): appended in the transaction of the action it records, read by admins. */
export function createAuditRepository(db: Executor) {
  return {
    async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        actorUserId: "cli" in actor ? null : actor.userId,
        actorLabel: "cli" in actor ? "cli" : actor.label,
        address: "cli" in actor ? null : actor.address,
        action: entry.action,
        target: entry.target,
        details: entry.details ?? {},
      });
    },

    /** Newest first, `limit` rows after the id `before` (keyset paging). */
    async list(filter: AuditFilter, page: { limit: number; before?: number }) {
      const where: SQL[] = [];
      if (filter.action) where.push(eq(auditLog.action, filter.action));
      if (filter.actorUserId) where.push(eq(auditLog.actorUserId, filter.actorUserId));
      if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
      if (filter.to) where.push(lt(auditLog.createdAt, filter.to));
      if (page.before) where.push(lt(auditLog.id, page.before));
      return db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(page.limit);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
