import {
  type AnsweredAs,
  QUESTION_STATE_TEXT,
  QUESTIONS_PER_DAY,
  type QuestionFilter,
  type QuestionState,
  SHOP_NAME,
} from "#contract/question-rules.ts";
import type {
  ProductQuestion,
  ProductQuestionPage,
  StaffQuestion,
  StaffQuestionPage,
} from "#contract/questions.ts";
import { reviewAuthorName } from "#contract/review-rules.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import type { SmsGateway } from "#server/domain/phone-sign-in/sms-gateway.ts";
import { AppError } from "#server/errors.ts";
import { handleJob, type JobHandler } from "#server/jobs/job-type.ts";
import { questionAnswerSmsJob } from "./job.ts";
import { type QuestionRow, type QuestionsRepository, questionTarget } from "./repository.ts";
import { questionAnsweredText } from "./texts.ts";

export interface QuestionsRepositories {
  questions: QuestionsRepository;
  audit: AuditRepository;
}

type StaffActor = AuditActor & { userId: number };

const DAY_MS = 24 * 3_600_000;

const notFound = () => new AppError("not_found", "Вопрос не найден", { code: "question_not_found" });
const productNotFound = () => new AppError("not_found", "Товар не найден", { code: "product_not_found" });

function stateOf(row: Pick<QuestionRow, "status" | "answer">): QuestionState {
  if (row.status === "hidden") return "hidden";
  return row.answer === null ? "pending" : "answered";
}

function answerOf(row: QuestionRow, sellerName: string) {
  if (row.answer === null || row.answeredAt === null) return null;
  const as: AnsweredAs = row.answeredAs ?? "shop";
  return {
    text: row.answer,
    as,
    by: as === "seller" ? sellerName : SHOP_NAME,
    at: row.answeredAt.toISOString(),
  };
}

/**
 * Questions about a product (issue 22, point 5; ADR 066). A signed-in shopper asks (up to
 * QUESTIONS_PER_DAY a day); an operator answers as the seller or as the shop, or hides it with a reason,
 * each with its audit row; the answer texts the author once (the `question-answer-sms` job). The product
 * page shows published answered questions to anyone and the reader's own in any state.
 */
export function createQuestionsService(
  work: UnitOfWork<QuestionsRepositories>,
  gateway: SmsGateway,
  options: { origin: string; now?: () => Date },
) {
  const { questions } = work.repositories;
  const now = options.now ?? (() => new Date());

  function publicShape(
    row: QuestionRow,
    sellerName: string,
    readerId: number | undefined,
    reasons: Map<number, string>,
  ): ProductQuestion {
    const state = stateOf(row);
    return {
      id: row.id,
      authorName: row.authorName,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      answer: state === "hidden" ? null : answerOf(row, sellerName),
      mine: readerId !== undefined && row.userId === readerId,
      state,
      hiddenReason: state === "hidden" ? (reasons.get(row.id) ?? null) : null,
    };
  }

  async function staffShape(rows: Awaited<ReturnType<QuestionsRepository["staffList"]>>) {
    const reasons = await questions.hiddenReasons(
      rows.filter((r) => r.question.status === "hidden").map((r) => r.question.id),
    );
    return rows.map(({ question: q, productName, sellerId, sellerName, phone, answererPhone }) => {
      const state = stateOf(q);
      return {
        id: q.id,
        product: { id: q.productId, name: productName },
        seller: { id: sellerId, name: sellerName },
        authorName: q.authorName,
        userId: q.userId,
        phone,
        text: q.text,
        createdAt: q.createdAt.toISOString(),
        state,
        stateText: QUESTION_STATE_TEXT[state],
        answer: answerOf(q, sellerName),
        answeredBy: q.answeredBy === null ? null : (answererPhone ?? "Оператор"),
        hiddenReason: state === "hidden" ? (reasons.get(q.id) ?? null) : null,
      } satisfies StaffQuestion;
    });
  }

  async function staffOne(id: number): Promise<StaffQuestion> {
    const [item] = await staffShape(await questions.staffList("all", { limit: 1, cursor: id + 1 }));
    if (!item || item.id !== id) throw notFound();
    return item;
  }

  /** Hides (with the reason) or shows again, with the audit row, in one transaction. */
  async function setHidden(actor: StaffActor, id: number, reason: string | null): Promise<StaffQuestion> {
    await work.transaction(async (repos) => {
      const question = await repos.questions.lock(id);
      if (!question) throw notFound();
      const want = reason === null ? "published" : "hidden";
      if (question.status === want) {
        throw new AppError("conflict", want === "hidden" ? "Вопрос уже скрыт" : "Вопрос уже опубликован", {
          code: "question_state",
        });
      }
      await repos.questions.setStatus(id, want);
      await repos.audit.record(actor, {
        action: reason === null ? "question.show" : "question.hide",
        target: questionTarget(id),
        details: { productId: question.productId, ...(reason === null ? {} : { reason }) },
      });
    });
    return staffOne(id);
  }

  return {
    /** Asks a question about the product. Unknown product: 404; over QUESTIONS_PER_DAY in a day: 429. */
    async ask(userId: number, productId: number, text: string): Promise<ProductQuestion> {
      return work.transaction(async (repos) => {
        await repos.questions.lockUser(userId);
        const product = await repos.questions.product(productId);
        if (!product) throw productNotFound();
        const since = new Date(now().getTime() - DAY_MS);
        if ((await repos.questions.askedSince(userId, since)) >= QUESTIONS_PER_DAY) {
          throw new AppError(
            "rate_limited",
            `За сутки можно задать не больше ${QUESTIONS_PER_DAY} вопросов. Продолжите завтра`,
            { code: "questions_limit" },
          );
        }
        const author = await repos.questions.author(userId);
        const row = await repos.questions.insert({
          productId,
          userId,
          authorName: reviewAuthorName(author?.name, author?.surname),
          text,
        });
        return publicShape(row, product.sellerName, userId, new Map());
      });
    },

    /** The product page's list for this reader (signed out: undefined), newest first. */
    async page(
      productId: number,
      readerId: number | undefined,
      query: { before?: number; limit: number },
    ): Promise<ProductQuestionPage> {
      if (!(await questions.product(productId))) throw productNotFound();
      const [rows, total] = await Promise.all([
        questions.page(productId, readerId, { limit: query.limit + 1, before: query.before }),
        questions.publicCount(productId),
      ]);
      const shown = rows.slice(0, query.limit);
      const reasons = await questions.hiddenReasons(
        shown.filter((r) => r.question.status === "hidden").map((r) => r.question.id),
      );
      const items = shown.map((r) => publicShape(r.question, r.sellerName, readerId, reasons));
      return { items, total, next: rows.length > query.limit ? items.at(-1)!.id : null };
    },

    /** The author takes back a question still waiting for its answer; another's or unknown: 404. */
    async remove(userId: number, id: number): Promise<void> {
      await work.transaction(async (repos) => {
        const question = await repos.questions.lock(id);
        if (!question || question.userId !== userId) throw notFound();
        if (question.answer !== null) {
          throw new AppError("conflict", "На вопрос уже ответили — его нельзя удалить", {
            code: "question_answered",
          });
        }
        await repos.questions.remove(id);
      });
    },

    async queue(query: {
      status: QuestionFilter;
      cursor?: number;
      limit: number;
    }): Promise<StaffQuestionPage> {
      const rows = await questions.staffList(query.status, { limit: query.limit + 1, cursor: query.cursor });
      const items = await staffShape(rows.slice(0, query.limit));
      return { items, next: rows.length > query.limit ? items.at(-1)!.id : null };
    },

    staffOne,

    /**
     * Answers as the seller or as the shop, with the audit row and the author's SMS job, in one
     * transaction. Answered already or hidden: 409.
     */
    async answer(
      actor: StaffActor,
      id: number,
      input: { text: string; as: AnsweredAs },
    ): Promise<StaffQuestion> {
      await work.transaction(async (repos) => {
        const question = await repos.questions.lock(id);
        if (!question) throw notFound();
        if (question.status === "hidden") {
          throw new AppError("conflict", "Вопрос скрыт — сначала покажите его снова", {
            code: "question_state",
          });
        }
        if (question.answer !== null) {
          throw new AppError("conflict", "На вопрос уже ответили", { code: "question_answered" });
        }
        await repos.questions.answer(id, { text: input.text, as: input.as, by: actor.userId, at: now() });
        await repos.audit.record(actor, {
          action: "question.answer",
          target: questionTarget(id),
          details: { productId: question.productId, as: input.as, length: input.text.length },
        });
        await repos.questions.queueAnswerSms(id);
      });
      return staffOne(id);
    },

    hide: (actor: StaffActor, id: number, reason: string) => setHidden(actor, id, reason),
    show: (actor: StaffActor, id: number) => setHidden(actor, id, null),

    /** Sends the answer's SMS (the job's work): nothing without a phone, an answer, or once hidden. */
    async sendAnswerSms(questionId: number): Promise<"sent" | "skipped"> {
      const row = await questions.smsOf(questionId);
      if (!row?.phone || row.answer === null || row.status !== "published") return "skipped";
      await gateway.send(row.phone, questionAnsweredText(options.origin, row.productId, row.productName));
      return "sent";
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;

/** The `question-answer-sms` job's handler. */
export function questionsJobs(services: { questions: QuestionsService }): JobHandler[] {
  return [
    handleJob(questionAnswerSmsJob, async ({ questionId }, { signal }) => {
      // A runner stopping hands the job back uncounted: send only while it still holds it.
      if (signal.aborted) return;
      await services.questions.sendAnswerSms(questionId);
    }),
  ];
}
