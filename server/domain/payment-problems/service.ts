import {
  PAYMENT_PROBLEM_KIND_TEXT,
  PAYMENT_STATUS_TEXT,
  type PaymentProblemView,
} from "#contract/admin-operations.ts";
import { kopecks } from "#contract/money.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditActor, AuditRepository } from "#server/domain/audit/repository.ts";
import { AppError } from "#server/errors.ts";
import type { PaymentProblemsRepository } from "./repository.ts";

export interface PaymentProblemsRepositories {
  problems: PaymentProblemsRepository;
  audit: AuditRepository;
}

type Row = NonNullable<Awaited<ReturnType<PaymentProblemsRepository["one"]>>>;

const notFound = () =>
  new AppError("not_found", "Проблема с платежом не найдена", { code: "payment_problem_not_found" });

const jobBusy = (state: string | null) => state === "queued" || state === "running";

function view(row: Row): PaymentProblemView {
  const p = row.problem;
  const job = row.jobState
    ? { state: row.jobState, attempts: row.jobAttempts ?? 0, lastError: row.jobError }
    : null;
  return {
    id: p.id,
    kind: p.kind,
    kindText: PAYMENT_PROBLEM_KIND_TEXT[p.kind],
    detail: p.detail,
    createdAt: p.createdAt.toISOString(),
    order: { id: p.orderId, number: row.orderNumber },
    payment: {
      id: p.paymentId,
      amount: kopecks(row.payment.amount),
      refundedAmount: kopecks(row.payment.refundedAmount),
      status: row.payment.status,
      statusText: PAYMENT_STATUS_TEXT[row.payment.status],
    },
    job,
    failedRefunds: row.failedRefunds,
    canRetry:
      p.resolvedAt === null &&
      ((p.kind === "return_failed" && row.payment.status === "returning" && !jobBusy(row.jobState)) ||
        (p.kind === "refund_failed" && row.failedRefunds > 0)),
    resolved: p.resolvedAt
      ? { at: p.resolvedAt.toISOString(), byUserId: p.resolvedBy, note: p.resolution ?? "" }
      : null,
  };
}

export type ProblemState = "open" | "resolved" | "all";

/**
 * The operators' queue of payments (issue 20, point 9; commerce.md: what fails after the last retry waits
 * in an operator queue). Rows are made by the orders module (acquirer-word.ts, payment-return.ts); here an
 * operator settles one with a note, or runs its money's job again, each in one transaction with its audit
 * row and under the problem's lock, so two operators' clicks do it once.
 */
export function createPaymentProblemsService(work: UnitOfWork<PaymentProblemsRepositories>) {
  const { problems } = work.repositories;

  async function one(id: number): Promise<PaymentProblemView> {
    const row = await problems.one(id);
    if (!row) throw notFound();
    return view(row);
  }

  return {
    /**
     * Open first, then settled, each newest first. `all` pages through the open ones and then the settled
     * ones; the cursor says which (`open:<id>`, `resolved:<id>`, `resolved` for the first settled page).
     */
    async list(state: ProblemState, page: { limit: number; before?: string }) {
      const [group, id] = page.before?.split(":") ?? [];
      const before = id ? Number(id) : undefined;
      const items: Row[] = [];
      let next: string | null = null;
      const take = async (resolved: boolean, after?: number) => {
        const rows = await problems.list(resolved, { limit: page.limit - items.length + 1, before: after });
        const room = page.limit - items.length;
        items.push(...rows.slice(0, room));
        if (rows.length > room) next = `${resolved ? "resolved" : "open"}:${items.at(-1)!.problem.id}`;
        return rows.length > room;
      };
      if (state === "open") await take(false, before);
      else if (state === "resolved") await take(true, before);
      else if (group === "resolved") await take(true, before);
      else {
        const more = await take(false, before);
        if (!more && items.length < page.limit) await take(true);
        else if (!more) next = "resolved";
      }
      return { items: items.map(view), open: await problems.openCount(), next };
    },

    get: one,

    async resolve(actor: AuditActor & { userId: number }, id: number, note: string) {
      await work.transaction(async (repos) => {
        const problem = await repos.problems.lock(id);
        if (!problem) throw notFound();
        if (problem.resolvedAt) {
          throw new AppError("conflict", "Эту проблему уже отметили решённой", { code: "already_resolved" });
        }
        await repos.problems.resolve(id, actor.userId, note);
        await repos.audit.record(actor, {
          action: "payment_problem.resolve",
          target: `payment_problem:${id}`,
          details: { orderId: problem.orderId, paymentId: problem.paymentId, kind: problem.kind, note },
        });
      });
      return one(id);
    },

    /**
     * Runs the money's job again: `return_failed` re-arms the payment's `return-payment` job (all its
     * attempts again) while the payment is still being given back; `refund_failed` makes the payment's
     * failed refunds pending again and re-arms each one's `refund-order` job. The acquirer's own refunds
     * (`partial_refund`, `refund_after_handover`) have nothing to run again.
     */
    async retry(actor: AuditActor, id: number) {
      await work.transaction(async (repos) => {
        const problem = await repos.problems.lock(id);
        if (!problem) throw notFound();
        if (problem.resolvedAt) {
          throw new AppError("conflict", "Эту проблему уже отметили решённой", { code: "already_resolved" });
        }
        if (problem.kind === "refund_failed") {
          const refunds = await repos.problems.requeueFailedRefunds(problem.paymentId);
          if (refunds.length === 0) {
            const pending = await repos.problems.pendingRefunds(problem.paymentId);
            throw new AppError(
              "conflict",
              pending > 0
                ? "Возврат уже повторяется: дождитесь результата"
                : "Неудавшихся возвратов по этому платежу нет: отметьте проблему решённой",
              { code: pending > 0 ? "retry_in_progress" : "nothing_to_retry" },
            );
          }
          await repos.audit.record(actor, {
            action: "payment_problem.retry",
            target: `payment_problem:${id}`,
            details: {
              orderId: problem.orderId,
              paymentId: problem.paymentId,
              kind: problem.kind,
              job: "refund-order",
              refunds: refunds.map((r) => ({ refundId: r.id, amount: r.amount, jobId: r.jobId })),
            },
          });
          return;
        }
        if (problem.kind !== "return_failed") {
          throw new AppError(
            "conflict",
            "Здесь нечего повторять: банк уже вернул деньги сам. Разберитесь с заказом и отметьте проблему решённой",
            { code: "retry_not_applicable" },
          );
        }
        const status = await repos.problems.paymentStatus(problem.paymentId);
        if (status !== "returning") {
          throw new AppError(
            "conflict",
            `Платёж уже не возвращается (статус «${status ? PAYMENT_STATUS_TEXT[status] : "нет"}»): отметьте проблему решённой`,
            { code: "payment_not_returning" },
          );
        }
        const job = await repos.problems.requeueReturn(problem.paymentId);
        if (job.outcome === "pending") {
          throw new AppError("conflict", "Возврат уже повторяется: дождитесь результата", {
            code: "retry_in_progress",
          });
        }
        await repos.audit.record(actor, {
          action: "payment_problem.retry",
          target: `payment_problem:${id}`,
          details: {
            orderId: problem.orderId,
            paymentId: problem.paymentId,
            kind: problem.kind,
            job: "return-payment",
            jobId: job.id,
          },
        });
      });
      return one(id);
    },
  };
}
export type PaymentProblemsService = ReturnType<typeof createPaymentProblemsService>;
