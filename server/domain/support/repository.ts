import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { SupportCategory, SupportStatus } from "#contract/support-info.ts";
import {
  orders,
  supportAppeals,
  supportMessagePhotos,
  supportMessages,
  users,
} from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { supportAnswerSmsJob } from "./job.ts";

export type AppealRow = typeof supportAppeals.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

export interface QueueFilter {
  status?: SupportStatus;
  /** Only the appeals this operator took. */
  assignedTo?: number;
  /** Only the appeals nobody took. */
  unassigned?: boolean;
}

/** The phone of the operator who took the appeal (a sub-select: users is joined for the shopper). */
const assigneePhone = sql<
  string | null
>`(SELECT u.phone FROM ${users} u WHERE u.id = ${supportAppeals.assignedTo})`;

const unreadCount =
  sql<number>`(SELECT count(*) FROM ${supportMessages} WHERE ${supportMessages.appealId} = ${supportAppeals.id} AND ${supportMessages.authorKind} = 'staff' AND ${supportMessages.readAt} IS NULL)::int`.mapWith(
    Number,
  );

/** Support appeals and their conversations (issue 21, point 3; ADR 058). */
export function createSupportRepository(db: Executor) {
  return {
    /** The shopper's appeals, the latest conversation first, with their unread answers. */
    async listOf(userId: number) {
      return db
        .select({ appeal: supportAppeals, orderNumber: orders.number, unread: unreadCount })
        .from(supportAppeals)
        .leftJoin(orders, eq(orders.id, supportAppeals.orderId))
        .where(eq(supportAppeals.userId, userId))
        .orderBy(desc(supportAppeals.lastMessageAt), desc(supportAppeals.id));
    },

    /** One appeal with its order's number and the shopper's phone; the owner is checked by the caller. */
    async one(id: number) {
      const [row] = await db
        .select({
          appeal: supportAppeals,
          orderNumber: orders.number,
          unread: unreadCount,
          phone: users.phone,
          assigneePhone,
        })
        .from(supportAppeals)
        .innerJoin(users, eq(users.id, supportAppeals.userId))
        .leftJoin(orders, eq(orders.id, supportAppeals.orderId))
        .where(eq(supportAppeals.id, id));
      return row;
    },

    async lock(id: number): Promise<AppealRow | undefined> {
      const [row] = await db.select().from(supportAppeals).where(eq(supportAppeals.id, id)).for("update");
      return row;
    },

    /** The conversation in order, with the staff authors' phones. */
    async messages(appealId: number) {
      return db
        .select({ message: supportMessages, authorPhone: users.phone })
        .from(supportMessages)
        .leftJoin(users, eq(users.id, supportMessages.authorUserId))
        .where(eq(supportMessages.appealId, appealId))
        .orderBy(asc(supportMessages.id));
    },

    /** The photos of the appeal's messages, in the order they were given. */
    async photos(appealId: number) {
      return db
        .select({ messageId: supportMessagePhotos.messageId, uploadId: supportMessagePhotos.uploadId })
        .from(supportMessagePhotos)
        .innerJoin(supportMessages, eq(supportMessages.id, supportMessagePhotos.messageId))
        .where(eq(supportMessages.appealId, appealId))
        .orderBy(asc(supportMessagePhotos.messageId));
    },

    async addPhotos(messageId: number, uploadIds: readonly string[]): Promise<void> {
      if (uploadIds.length === 0) return;
      await db.insert(supportMessagePhotos).values(uploadIds.map((uploadId) => ({ messageId, uploadId })));
    },

    /** Is the order the shopper's own? */
    async ownsOrder(userId: number, orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      return row !== undefined;
    },

    /** Serialises one shopper's writes, so the limits below count what is really there. */
    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    },

    /** The shopper's appeals opened since `since`. */
    async appealsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(supportAppeals)
        .where(and(eq(supportAppeals.userId, userId), gte(supportAppeals.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The shopper's messages in any of their appeals since `since`. */
    async messagesSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(supportMessages)
        .innerJoin(supportAppeals, eq(supportAppeals.id, supportMessages.appealId))
        .where(
          and(
            eq(supportAppeals.userId, userId),
            eq(supportMessages.authorKind, "shopper"),
            gte(supportMessages.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async create(values: {
      userId: number;
      category: SupportCategory;
      orderId: number | null;
      fullName: string;
    }): Promise<AppealRow> {
      const [row] = await db.insert(supportAppeals).values(values).returning();
      return row!;
    },

    async addMessage(values: {
      appealId: number;
      authorKind: "shopper" | "staff";
      authorUserId: number | null;
      text: string;
    }): Promise<MessageRow> {
      const [row] = await db.insert(supportMessages).values(values).returning();
      await db
        .update(supportAppeals)
        .set({ lastMessageAt: row!.createdAt })
        .where(eq(supportAppeals.id, values.appealId));
      return row!;
    },

    async setStatus(id: number, status: SupportStatus): Promise<void> {
      await db
        .update(supportAppeals)
        .set({ status, closedAt: status === "closed" ? sql`now()` : null })
        .where(eq(supportAppeals.id, id));
    },

    async assign(id: number, userId: number): Promise<void> {
      await db.update(supportAppeals).set({ assignedTo: userId }).where(eq(supportAppeals.id, id));
    },

    /** Marks the operator's unread answers read; their ids. */
    async markAnswersRead(appealId: number): Promise<number[]> {
      const rows = await db
        .update(supportMessages)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(supportMessages.appealId, appealId),
            eq(supportMessages.authorKind, "staff"),
            isNull(supportMessages.readAt),
          ),
        )
        .returning({ id: supportMessages.id });
      return rows.map((r) => r.id);
    },

    /** The operators' queue: the longest-waiting conversation first within the page, by id cursor. */
    async queue(filter: QueueFilter, page: { limit: number; before?: number }) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(supportAppeals.status, filter.status));
      if (filter.assignedTo) where.push(eq(supportAppeals.assignedTo, filter.assignedTo));
      if (filter.unassigned) where.push(isNull(supportAppeals.assignedTo));
      if (page.before) where.push(lt(supportAppeals.id, page.before));
      return db
        .select({
          appeal: supportAppeals,
          orderNumber: orders.number,
          phone: users.phone,
          assigneePhone,
        })
        .from(supportAppeals)
        .innerJoin(users, eq(users.id, supportAppeals.userId))
        .leftJoin(orders, eq(orders.id, supportAppeals.orderId))
        .where(and(...where))
        .orderBy(desc(supportAppeals.id))
        .limit(page.limit);
    },

    /** Queues the SMS that tells the shopper about an answer, once per answer (keyed by the message). */
    async queueAnswerSms(messageId: number): Promise<void> {
      await enqueueJob(db, supportAnswerSmsJob, { messageId }, { key: `message:${messageId}` });
    },

    /** What the answer's SMS needs: the appeal's number and the shopper's phone. */
    async smsOf(messageId: number) {
      const [row] = await db
        .select({ appealId: supportAppeals.id, phone: users.phone, authorKind: supportMessages.authorKind })
        .from(supportMessages)
        .innerJoin(supportAppeals, eq(supportAppeals.id, supportMessages.appealId))
        .innerJoin(users, eq(users.id, supportAppeals.userId))
        .where(eq(supportMessages.id, messageId));
      return row;
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
