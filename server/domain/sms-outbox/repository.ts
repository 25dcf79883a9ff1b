import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { smsOutbox } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";

/**
 * The SMS outbox as the back office reads it (issue 20, point 7): every message the gateway adapter
 * recorded — with the stand-in gateway, everything shoppers "received", sign-in codes and order SMS alike.
 * Written by the gateways (phone-sign-in), purged by housekeeping; read here newest first, paged by id.
 */
export function createSmsOutboxRepository(db: Executor) {
  return {
    async list(filter: { phone?: string }, page: { limit: number; before?: number }) {
      const where: SQL[] = [];
      if (filter.phone) where.push(eq(smsOutbox.phone, filter.phone));
      if (page.before) where.push(lt(smsOutbox.id, page.before));
      const rows = await db
        .select()
        .from(smsOutbox)
        .where(and(...where))
        .orderBy(desc(smsOutbox.id))
        .limit(page.limit + 1);
      const items = rows.slice(0, page.limit).map((r) => ({
        id: r.id,
        phone: r.phone,
        text: r.text,
        provider: r.provider,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }));
      return { items, next: rows.length > page.limit ? items.at(-1)!.id : null };
    },
  };
}
export type SmsOutboxRepository = ReturnType<typeof createSmsOutboxRepository>;
