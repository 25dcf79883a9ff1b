import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AnsweredAs, QuestionFilter } from "#contract/question-rules.ts";
import { auditLog, productQuestions, products, sellers, users } from "#server/db/schema/index.ts";
import type { Executor } from "#server/db/unit-of-work.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { questionAnswerSmsJob } from "./job.ts";

export type QuestionRow = typeof productQuestions.$inferSelect;

/** The audit target of a question: its hiding's reason is read back from there for its author. */
export const questionTarget = (id: number) => `product_question:${id}`;

/**
 * Questions about a product (issue 22, point 5; ADR 066): asking, the product page's list (published
 * answered ones for anyone, the reader's own beside them), the operators' queue, answering and hiding.
 */
export function createQuestionsRepository(db: Executor) {
  return {
    /** Serialises one shopper's questions (the daily limit). */
    async lockUser(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    },

    /** The product's name and seller, or undefined when there is no such product. */
    async product(productId: number) {
      const [row] = await db
        .select({ id: products.id, name: products.name, sellerName: sellers.name })
        .from(products)
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .where(eq(products.id, productId));
      return row;
    },

    /** Questions the shopper has asked since `since`, over all products. */
    async askedSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(productQuestions)
        .where(and(eq(productQuestions.userId, userId), gte(productQuestions.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The profile's first name and surname: what the author's name is made of. */
    async author(userId: number) {
      const [row] = await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async insert(values: {
      productId: number;
      userId: number;
      authorName: string;
      text: string;
    }): Promise<QuestionRow> {
      const [row] = await db.insert(productQuestions).values(values).returning();
      return row!;
    },

    find: async (id: number): Promise<QuestionRow | undefined> =>
      (await db.select().from(productQuestions).where(eq(productQuestions.id, id)))[0],

    lock: async (id: number): Promise<QuestionRow | undefined> =>
      (await db.select().from(productQuestions).where(eq(productQuestions.id, id)).for("update"))[0],

    async remove(id: number): Promise<void> {
      await db.delete(productQuestions).where(eq(productQuestions.id, id));
    },

    /**
     * The product page's list, newest first, keyset pages on the id: published questions with an answer,
     * and the reader's own whatever their state (the author alone sees a pending or hidden one).
     */
    async page(productId: number, readerId: number | undefined, page: { limit: number; before?: number }) {
      const visible = and(eq(productQuestions.status, "published"), isNotNull(productQuestions.answer));
      const where: SQL[] = [
        eq(productQuestions.productId, productId),
        readerId === undefined ? visible! : or(visible, eq(productQuestions.userId, readerId))!,
      ];
      if (page.before) where.push(lt(productQuestions.id, page.before));
      return db
        .select({ question: productQuestions, sellerName: sellers.name })
        .from(productQuestions)
        .innerJoin(products, eq(products.id, productQuestions.productId))
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .where(and(...where))
        .orderBy(desc(productQuestions.id))
        .limit(page.limit);
    },

    /** How many of the product's questions anyone sees: published, with an answer. */
    async publicCount(productId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(productQuestions)
        .where(
          and(
            eq(productQuestions.productId, productId),
            eq(productQuestions.status, "published"),
            isNotNull(productQuestions.answer),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * The reasons the questions were last hidden for, from the audit log (the table keeps no reason of its
     * own; ADR 066): the author reads it beside the hidden question, the operators in the queue.
     */
    async hiddenReasons(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ target: auditLog.target, reason: sql<string | null>`${auditLog.details}->>'reason'` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "question.hide"),
            inArray(
              auditLog.target,
              ids.map((id) => questionTarget(id)),
            ),
          ),
        )
        .orderBy(asc(auditLog.id));
      const reasons = new Map<number, string>();
      // Oldest first: a question hidden, shown and hidden again keeps the last reason.
      for (const r of rows) if (r.reason) reasons.set(Number(r.target.split(":")[1]), r.reason);
      return reasons;
    },

    async answer(id: number, answer: { text: string; as: AnsweredAs; by: number; at: Date }): Promise<void> {
      await db
        .update(productQuestions)
        .set({ answer: answer.text, answeredAs: answer.as, answeredBy: answer.by, answeredAt: answer.at })
        .where(eq(productQuestions.id, id));
    },

    /** The author's SMS, in the answer's transaction; one per question (the job's key). */
    async queueAnswerSms(id: number): Promise<void> {
      await enqueueJob(db, questionAnswerSmsJob, { questionId: id }, { key: `question:${id}` });
    },

    async setStatus(id: number, status: "published" | "hidden"): Promise<void> {
      await db.update(productQuestions).set({ status }).where(eq(productQuestions.id, id));
    },

    /**
     * The operators' list: the unanswered queue oldest first (the one waiting longest on top), the others
     * newest first; keyset pages on the id either way.
     */
    async staffList(filter: QuestionFilter, page: { limit: number; cursor?: number }) {
      const answerer = alias(users, "answerer");
      const where: SQL[] = [];
      if (filter === "unanswered") {
        where.push(eq(productQuestions.status, "published"), isNull(productQuestions.answer));
      } else if (filter === "answered") {
        where.push(eq(productQuestions.status, "published"), isNotNull(productQuestions.answer));
      } else if (filter === "hidden") {
        where.push(eq(productQuestions.status, "hidden"));
      }
      const oldestFirst = filter === "unanswered";
      if (page.cursor) {
        where.push(oldestFirst ? gt(productQuestions.id, page.cursor) : lt(productQuestions.id, page.cursor));
      }
      return db
        .select({
          question: productQuestions,
          productName: products.name,
          sellerId: sellers.id,
          sellerName: sellers.name,
          phone: users.phone,
          answererPhone: answerer.phone,
        })
        .from(productQuestions)
        .innerJoin(products, eq(products.id, productQuestions.productId))
        .innerJoin(sellers, eq(sellers.id, products.sellerId))
        .innerJoin(users, eq(users.id, productQuestions.userId))
        .leftJoin(answerer, eq(answerer.id, productQuestions.answeredBy))
        .where(and(...where))
        .orderBy(oldestFirst ? asc(productQuestions.id) : desc(productQuestions.id))
        .limit(page.limit);
    },

    /** What the answer's SMS needs: the author's phone and the product's name. */
    async smsOf(id: number) {
      const [row] = await db
        .select({
          phone: users.phone,
          productId: products.id,
          productName: products.name,
          answer: productQuestions.answer,
          status: productQuestions.status,
        })
        .from(productQuestions)
        .innerJoin(users, eq(users.id, productQuestions.userId))
        .innerJoin(products, eq(products.id, productQuestions.productId))
        .where(eq(productQuestions.id, id));
      return row;
    },
  };
}
export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;
