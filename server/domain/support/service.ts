import type { Appeal, AppealSummary, StaffAppeal, StaffAppealPage } from "#contract/support.ts";
import {
  SUPPORT_APPEALS_PER_DAY,
  SUPPORT_CATEGORY_TEXT,
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_STAFF_STATUS_TEXT,
  SUPPORT_STATUS_TEXT,
  type SupportCategory,
  type SupportStatus,
} from "#contract/support-info.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import type { SmsGateway } from "#server/domain/phone-sign-in/sms-gateway.ts";
import { handleJob, type JobHandler } from "#server/jobs/job-type.ts";
import { AppError } from "#server/errors.ts";
import { supportAnswerSmsJob } from "./job.ts";
import { uploadUrl } from "#contract/uploads.ts";
import type { UploadsRepository } from "#server/domain/uploads/repository.ts";
import type { AppealRow, SupportRepository } from "./repository.ts";

export interface SupportRepositories {
  support: SupportRepository;
  audit: AuditRepository;
  /** To attach the shopper's photos to their message, in the message's transaction. */
  uploads: Pick<UploadsRepository, "attach">;
}

type StaffActor = AuditActor & { userId: number };

const HOUR_MS = 3_600_000;

const notFound = () => new AppError("not_found", "Обращение не найдено", { code: "appeal_not_found" });
const closed = () =>
  new AppError("conflict", "Обращение закрыто. Если вопрос остался, напишите новое обращение", {
    code: "appeal_closed",
  });

/** The text of the SMS about an answer (≤ 70 Cyrillic characters would be one part; this is two). */
export function answerSmsText(appealId: number): string {
  return `Витрина: поддержка ответила на ваше обращение № ${appealId}. Ответ — в личном кабинете, раздел «Поддержка».`;
}

function summary(row: { appeal: AppealRow; orderNumber: string | null; unread: number }): AppealSummary {
  const a = row.appeal;
  return {
    id: a.id,
    category: a.category as SupportCategory,
    categoryText: SUPPORT_CATEGORY_TEXT[a.category as SupportCategory] ?? a.category,
    status: a.status,
    statusText: SUPPORT_STATUS_TEXT[a.status],
    order: a.orderId !== null && row.orderNumber !== null ? { id: a.orderId, number: row.orderNumber } : null,
    createdAt: a.createdAt.toISOString(),
    lastMessageAt: a.lastMessageAt.toISOString(),
    unread: row.unread,
  };
}

function staffSummary(row: {
  appeal: AppealRow;
  orderNumber: string | null;
  phone: string | null;
  assigneePhone: string | null;
}) {
  const { unread: _unread, ...rest } = summary({ ...row, unread: 0 });
  const a = row.appeal;
  return {
    ...rest,
    statusText: SUPPORT_STAFF_STATUS_TEXT[a.status],
    fullName: a.fullName,
    phone: row.phone,
    assignedTo:
      a.assignedTo !== null ? { userId: a.assignedTo, label: row.assigneePhone ?? "Оператор" } : null,
  };
}

/**
 * Support appeals (issue 21, point 3; ADR 058). The shopper opens an appeal and replies; operators take,
 * answer and close them, each action with its audit row in its transaction; an answer queues one SMS.
 */
export function createSupportService(
  work: UnitOfWork<SupportRepositories>,
  gateway: SmsGateway,
  options: { now?: () => Date } = {},
) {
  const { support } = work.repositories;
  const now = options.now ?? (() => new Date());

  /** Attaches the shopper's support photos to the message; another's, a used or unknown one: 404, nothing kept. */
  async function attachPhotos(
    repos: SupportRepositories,
    userId: number,
    messageId: number,
    photoIds: readonly string[] = [],
  ) {
    const ids = [...new Set(photoIds)];
    if (ids.length === 0) return;
    const attached = await repos.uploads.attach(
      ids,
      { userId, purpose: "support" },
      `support_message:${messageId}`,
    );
    if (attached.length !== ids.length) {
      throw new AppError("not_found", "Фото не найдено. Загрузите его ещё раз", { code: "upload_not_found" });
    }
    await repos.support.addPhotos(messageId, ids);
  }

  /** Within the shopper's limits? Called under the shopper's lock. */
  async function checkLimits(repos: SupportRepositories, userId: number, newAppeal: boolean) {
    const at = now().getTime();
    if (
      newAppeal &&
      (await repos.support.appealsSince(userId, new Date(at - 24 * HOUR_MS))) >= SUPPORT_APPEALS_PER_DAY
    ) {
      throw new AppError(
        "rate_limited",
        `За сутки можно создать не больше ${SUPPORT_APPEALS_PER_DAY} обращений. Продолжите переписку в уже открытом`,
        { code: "support_appeals_limit" },
      );
    }
    if ((await repos.support.messagesSince(userId, new Date(at - HOUR_MS))) >= SUPPORT_MESSAGES_PER_HOUR) {
      throw new AppError(
        "rate_limited",
        `За час можно отправить не больше ${SUPPORT_MESSAGES_PER_HOUR} сообщений. Попробуйте позже`,
        { code: "support_messages_limit" },
      );
    }
  }

  /** The shopper's own appeal, or 404 (another's looks exactly like none). */
  async function own(userId: number, id: number) {
    const row = await support.one(id);
    if (!row || row.appeal.userId !== userId) throw notFound();
    return row;
  }

  /** Each message's photos, by message id. */
  async function photosBy(appealId: number) {
    const byMessage = new Map<number, { id: string; url: string; thumbUrl: string }[]>();
    for (const p of await support.photos(appealId)) {
      const list = byMessage.get(p.messageId) ?? [];
      list.push({ id: p.uploadId, url: uploadUrl(p.uploadId), thumbUrl: uploadUrl(p.uploadId, 160) });
      byMessage.set(p.messageId, list);
    }
    return (messageId: number) => byMessage.get(messageId) ?? [];
  }

  async function conversation(userId: number, id: number): Promise<Appeal> {
    const row = await own(userId, id);
    const messages = await support.messages(id);
    const photos = await photosBy(id);
    return {
      ...summary(row),
      fullName: row.appeal.fullName,
      messages: messages.map(({ message: m }) => ({
        id: m.id,
        author: m.authorKind,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
        photos: photos(m.id),
        unread: m.authorKind === "staff" && m.readAt === null,
      })),
    };
  }

  async function staffCard(id: number): Promise<StaffAppeal> {
    const row = await support.one(id);
    if (!row) throw notFound();
    const messages = await support.messages(id);
    const photos = await photosBy(id);
    return {
      ...staffSummary(row),
      messages: messages.map(({ message: m, authorPhone }) => ({
        id: m.id,
        author: m.authorKind,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
        photos: photos(m.id),
        authorLabel: m.authorKind === "shopper" ? row.appeal.fullName : (authorPhone ?? "Оператор"),
        readAt: m.readAt?.toISOString() ?? null,
      })),
    };
  }

  return {
    async list(userId: number): Promise<AppealSummary[]> {
      return (await support.listOf(userId)).map(summary);
    },

    get: conversation,

    async create(
      userId: number,
      input: {
        category: SupportCategory;
        orderId?: number | null;
        fullName: string;
        text: string;
        photoIds?: readonly string[];
      },
    ): Promise<Appeal> {
      const id = await work.transaction(async (repos) => {
        await repos.support.lockUser(userId);
        if (input.orderId && !(await repos.support.ownsOrder(userId, input.orderId))) {
          throw new AppError("not_found", "Заказ не найден", { code: "order_not_found" });
        }
        await checkLimits(repos, userId, true);
        const appeal = await repos.support.create({
          userId,
          category: input.category,
          orderId: input.orderId ?? null,
          fullName: input.fullName,
        });
        const message = await repos.support.addMessage({
          appealId: appeal.id,
          authorKind: "shopper",
          authorUserId: userId,
          text: input.text,
        });
        await attachPhotos(repos, userId, message.id, input.photoIds);
        return appeal.id;
      });
      return conversation(userId, id);
    },

    /** The shopper's reply: the appeal waits for support again. Closed: 409. */
    async reply(userId: number, id: number, text: string, photoIds: readonly string[] = []): Promise<Appeal> {
      await work.transaction(async (repos) => {
        await repos.support.lockUser(userId);
        const appeal = await repos.support.lock(id);
        if (!appeal || appeal.userId !== userId) throw notFound();
        if (appeal.status === "closed") throw closed();
        await checkLimits(repos, userId, false);
        const message = await repos.support.addMessage({
          appealId: id,
          authorKind: "shopper",
          authorUserId: userId,
          text,
        });
        await attachPhotos(repos, userId, message.id, photoIds);
        if (appeal.status !== "open") await repos.support.setStatus(id, "open");
      });
      return conversation(userId, id);
    },

    /** The shopper has seen the operator's answers: they stop counting as unread. */
    async markRead(userId: number, id: number): Promise<{ read: number[] }> {
      await own(userId, id);
      return { read: await support.markAnswersRead(id) };
    },

    async queue(
      operatorId: number,
      query: {
        status: SupportStatus | "all";
        assigned: "any" | "me" | "none";
        before?: number;
        limit: number;
      },
    ): Promise<StaffAppealPage> {
      const rows = await support.queue(
        {
          status: query.status === "all" ? undefined : query.status,
          assignedTo: query.assigned === "me" ? operatorId : undefined,
          unassigned: query.assigned === "none",
        },
        { limit: query.limit + 1, before: query.before },
      );
      const items = rows.slice(0, query.limit).map(staffSummary);
      return { items, next: rows.length > query.limit ? items.at(-1)!.id : null };
    },

    staffCard,

    /** Takes the appeal; taking one another operator holds moves it (the audit row says from whom). */
    async assignToSelf(actor: StaffActor, id: number): Promise<StaffAppeal> {
      await work.transaction(async (repos) => {
        const appeal = await repos.support.lock(id);
        if (!appeal) throw notFound();
        if (appeal.assignedTo === actor.userId) return;
        await repos.support.assign(id, actor.userId);
        await repos.audit.record(actor, {
          action: "support.assign",
          target: `support_appeal:${id}`,
          details: { from: appeal.assignedTo },
        });
      });
      return staffCard(id);
    },

    /** An operator's answer: the appeal becomes `answered`, the shopper gets one SMS for it. */
    async answer(actor: StaffActor, id: number, text: string): Promise<StaffAppeal> {
      await work.transaction(async (repos) => {
        const appeal = await repos.support.lock(id);
        if (!appeal) throw notFound();
        if (appeal.status === "closed") throw closed();
        const message = await repos.support.addMessage({
          appealId: id,
          authorKind: "staff",
          authorUserId: actor.userId,
          text,
        });
        await repos.support.setStatus(id, "answered");
        if (appeal.assignedTo === null) await repos.support.assign(id, actor.userId);
        await repos.support.queueAnswerSms(message.id);
        await repos.audit.record(actor, {
          action: "support.answer",
          target: `support_appeal:${id}`,
          details: { messageId: message.id, length: text.length },
        });
      });
      return staffCard(id);
    },

    async close(actor: StaffActor, id: number): Promise<StaffAppeal> {
      await work.transaction(async (repos) => {
        const appeal = await repos.support.lock(id);
        if (!appeal) throw notFound();
        if (appeal.status === "closed") {
          throw new AppError("conflict", "Обращение уже закрыто", { code: "appeal_closed" });
        }
        await repos.support.setStatus(id, "closed");
        await repos.audit.record(actor, {
          action: "support.close",
          target: `support_appeal:${id}`,
          details: { from: appeal.status },
        });
      });
      return staffCard(id);
    },

    /** Sends the answer's SMS (the job's work). Nothing when the shopper has no phone. */
    async sendAnswerSms(messageId: number): Promise<"sent" | "no_phone"> {
      const row = await support.smsOf(messageId);
      if (!row?.phone || row.authorKind !== "staff") return "no_phone";
      await gateway.send(row.phone, answerSmsText(row.appealId));
      return "sent";
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;

/** The `support-answer-sms` job's handler. */
export function supportJobs(services: { support: SupportService }): JobHandler[] {
  return [
    handleJob(supportAnswerSmsJob, async ({ messageId }, { signal }) => {
      // A runner stopping hands the job back uncounted: send only while it still holds it.
      if (signal.aborted) return;
      await services.support.sendAnswerSms(messageId);
    }),
  ];
}
