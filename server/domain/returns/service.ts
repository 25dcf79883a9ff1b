import { localDateTime } from "#contract/delivery-dates.ts";
import { kopecks, points } from "#contract/money.ts";
import { returnWindowLastDay } from "#contract/return-window.ts";
import {
  defectClaimLastDay,
  isSellerFault,
  REFUND_ERROR_TEXT,
  RETURN_REASONS,
  RETURN_STATUS_TEXT,
  type ReturnReason,
  type ReturnRequest,
  type Returnable,
  type ReturnSummary,
  RETURNS_PER_DAY,
  returnLastDay,
  type StaffReturn,
  type StaffReturnPage,
} from "#contract/returns.ts";
import { uploadUrl } from "#contract/uploads.ts";
import type { AuditActor } from "#server/domain/audit/repository.ts";
import { queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { type OrdersContext, orderNotFound, type Repositories } from "#server/domain/orders/context.ts";
import { returnReceipt } from "#server/domain/orders/payment-receipt.ts";
import { AppError } from "#server/errors.ts";
import { returnMoney } from "./money.ts";
import { GIVEN_BACK, HOLDING, type ReturnRow } from "./repository.ts";

// Returning delivered goods (issue 21, point 2; ADR 059). The shopper sends a request for units of
// delivered lines within their window; an operator approves it — its points go back through the ledger, its
// cashback is taken back, its money becomes an `order_refunds` row the `refund-order` job sends as a partial
// `Cancel` with the units' receipt — or rejects it with a reason; the shopper may withdraw it meanwhile. Each
// decision is a conditional move of the request under the order's lock, so it happens once however many
// operators click, and the SMS of the decision is queued in the same transaction.

type StaffActor = AuditActor & { userId: number };

const DAY_MS = 86_400_000;

const notFound = () =>
  new AppError("not_found", "Заявка на возврат не найдена", { code: "return_not_found" });

/** «15.12.2026» */
const ruDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

type Row = { request: ReturnRow; orderNumber: string; phone: string | null };
type LineRow = Awaited<ReturnType<Repositories["returns"]["linesOf"]>>[number];

function summaryOf(row: Row, lines: readonly LineRow[]): ReturnSummary {
  const r = row.request;
  return {
    id: r.id,
    order: { id: r.orderId, number: row.orderNumber },
    status: r.status,
    statusText: RETURN_STATUS_TEXT[r.status],
    reason: r.reason as ReturnReason,
    reasonText: RETURN_REASONS[r.reason as ReturnReason]?.text ?? r.reason,
    amount: kopecks(r.amount),
    points: points(r.points),
    createdAt: r.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.returnId === r.id)
      .map((l) => ({
        lineId: l.lineId,
        productId: l.productId,
        name: l.name,
        price: kopecks(l.price),
        quantity: l.quantity,
        image: l.imageUrl ? { url: l.imageUrl, alt: l.name } : null,
      })),
  };
}

export function createReturnsService(ctx: OrdersContext) {
  const { returns } = ctx.work.repositories;

  /** The request, its lines, photos, timeline and the state of its money, as the shopper sees it. */
  async function view(row: Row): Promise<ReturnRequest> {
    const r = row.request;
    const [lines, photos, refund] = await Promise.all([
      returns.linesOf([r.id]),
      returns.photos(r.id),
      returns.refundOf(r.id),
    ]);
    const timeline: ReturnRequest["timeline"] = [
      { status: "sent", text: "Заявка отправлена", at: r.createdAt.toISOString(), note: null },
    ];
    if (r.status === "cancelled" && r.cancelledAt) {
      timeline.push({
        status: "cancelled",
        text: "Вы отменили заявку",
        at: r.cancelledAt.toISOString(),
        note: null,
      });
    }
    if (r.decidedAt && r.status === "rejected") {
      timeline.push({
        status: "rejected",
        text: "Возврат отклонён",
        at: r.decidedAt.toISOString(),
        note: r.decisionReason,
      });
    }
    if (r.decidedAt && (r.status === "approved" || r.status === "refunded")) {
      timeline.push({
        status: "approved",
        text: "Возврат одобрен",
        at: r.decidedAt.toISOString(),
        note: null,
      });
    }
    if (r.refundedAt) {
      timeline.push({
        status: "refunded",
        text: r.amount > 0 ? "Деньги вернулись на карту" : "Баллы вернулись на счёт",
        at: r.refundedAt.toISOString(),
        note: null,
      });
    }
    const money = refund
      ? {
          status: refund.status,
          error: refund.status === "pending" ? refund.lastError : null,
          notice:
            refund.status === "failed"
              ? REFUND_ERROR_TEXT.unexpected
              : refund.status === "pending" && refund.lastError === "timeout"
                ? REFUND_ERROR_TEXT.timeout
                : refund.status === "pending" && refund.lastError === "error"
                  ? REFUND_ERROR_TEXT.unexpected
                  : null,
        }
      : null;
    return {
      ...summaryOf(row, lines),
      comment: r.comment,
      photos: photos.map((id) => ({ id, url: uploadUrl(id), thumbUrl: uploadUrl(id, 160) })),
      decisionReason: r.decisionReason,
      timeline,
      cancellable: r.status === "sent",
      money,
    };
  }

  /** The shopper's own request, or 404 (another's looks exactly like none). */
  async function own(userId: number, id: number): Promise<Row> {
    const row = await returns.one(id);
    if (!row || row.request.userId !== userId) throw notFound();
    return row;
  }

  async function staffView(row: Row): Promise<StaffReturn> {
    const { cancellable: _, ...rest } = await view(row);
    const order = await ctx.work.repositories.orders.order(row.request.orderId);
    if (!order) throw orderNotFound();
    const paid = (await ctx.work.repositories.orders.payments(order.id)).find(
      (p) =>
        p.provider !== "points" && p.status !== "pending" && p.status !== "new" && p.status !== "cancelled",
    );
    return {
      ...rest,
      shopper: { userId: row.request.userId, phone: row.phone },
      decidedBy: row.request.decidedBy !== null ? await returns.staffPhone(row.request.decidedBy) : null,
      paidByCard: kopecks(paid?.amount ?? 0),
      bonusSpent: points(order.bonusSpent),
    };
  }

  /**
   * What giving these units back is worth now: against the units already given back by other requests,
   * capped by what is left of the order's payment. `payment` is undefined when points paid for it all.
   */
  async function moneyOf(
    repos: Repositories,
    request: { id?: number; orderId: number; reason: string },
    units: ReadonlyMap<number, number>,
    order: { bonusSpent: number },
  ) {
    const lines = await repos.returns.orderLines(request.orderId);
    const parcels = [...new Map(lines.map((l) => [l.shipmentId, l.shipmentId])).keys()];
    const shipments = (await repos.orders.shipments(request.orderId)).filter((s) => parcels.includes(s.id));
    const money = returnMoney({
      lines,
      parcels: shipments.map((s) => ({ id: s.id, deliveryTotal: s.deliveryTotal })),
      bonusSpent: order.bonusSpent,
      returnedBefore: await repos.returns.unitsIn(request.orderId, GIVEN_BACK, request.id),
      units,
      sellerFault: isSellerFault(request.reason),
    });
    const payment = (await repos.orders.payments(request.orderId)).find(
      (p) => p.provider !== "points" && (p.status === "confirmed" || p.status === "partially_refunded"),
    );
    const left = payment ? payment.amount - (await repos.refunds.committed(payment.id)) : 0;
    return {
      ...money,
      amount: Math.min(money.amount, Math.max(0, left)),
      uncapped: money.amount,
      payment,
      lines,
    };
  }

  async function staffCard(id: number): Promise<StaffReturn> {
    const row = await returns.one(id);
    if (!row) throw notFound();
    return staffView(row);
  }

  return {
    /** What of the shopper's order can go back now, line by line. */
    async returnable(userId: number, orderId: number): Promise<Returnable> {
      const order = await ctx.work.repositories.orders.order(orderId);
      if (!order || order.userId !== userId) throw orderNotFound();
      const [lines, held] = await Promise.all([
        returns.orderLines(orderId),
        returns.unitsIn(orderId, HOLDING),
      ]);
      return {
        orderId,
        orderNumber: order.number,
        lines: lines
          .filter((l) => l.shipmentStatus === "delivered" && l.deliveredAt !== null)
          .map((l) => ({
            lineId: l.id,
            productId: l.productId,
            name: l.name,
            price: kopecks(l.price),
            image: l.imageUrl ? { url: l.imageUrl, alt: l.name } : null,
            quantity: l.quantity,
            returnable: l.quantity - (held.get(l.id) ?? 0),
            deliveredAt: l.deliveredAt!.toISOString(),
            lastDay: returnWindowLastDay(l.deliveredAt!),
            defectLastDay: defectClaimLastDay(l.deliveredAt!),
          })),
      };
    },

    /**
     * The shopper sends a request: units of delivered lines of their order, not held by another request,
     * within the reason's window; photos (required for a claim) attached in the same transaction.
     */
    async create(
      userId: number,
      input: {
        orderId: number;
        lines: readonly { lineId: number; quantity: number }[];
        reason: ReturnReason;
        comment?: string;
        photoIds?: readonly string[];
      },
    ): Promise<ReturnRequest> {
      const id = await ctx.work.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(input.orderId, userId);
        if (!order) throw orderNotFound();
        if (
          (await repos.returns.sentSince(userId, new Date(ctx.now().getTime() - DAY_MS))) >= RETURNS_PER_DAY
        ) {
          throw new AppError(
            "rate_limited",
            `За сутки можно отправить не больше ${RETURNS_PER_DAY} заявок на возврат. Попробуйте завтра`,
            { code: "returns_limit" },
          );
        }
        const lines = await repos.returns.orderLines(order.id);
        const held = await repos.returns.unitsIn(order.id, HOLDING);
        const today = localDateTime(ctx.now(), "Europe/Moscow").date;
        for (const asked of input.lines) {
          const line = lines.find((l) => l.id === asked.lineId);
          if (!line) {
            throw new AppError("not_found", "Такого товара нет в заказе", { code: "return_line_not_found" });
          }
          if (line.shipmentStatus !== "delivered" || !line.deliveredAt) {
            throw new AppError(
              "conflict",
              `«${line.name}» ещё не получен: вернуть можно только полученный товар`,
              {
                code: "return_not_delivered",
              },
            );
          }
          const left = line.quantity - (held.get(line.id) ?? 0);
          if (asked.quantity > left) {
            throw new AppError(
              "conflict",
              left === 0
                ? `«${line.name}» уже в другой заявке на возврат`
                : `Вернуть можно не больше ${left} шт. товара «${line.name}»`,
              { code: "return_quantity_exceeded" },
            );
          }
          const lastDay = returnLastDay(input.reason, line.deliveredAt);
          if (today > lastDay) {
            throw new AppError(
              "conflict",
              isSellerFault(input.reason)
                ? `Срок претензии к качеству «${line.name}» истёк ${ruDate(lastDay)}`
                : `Срок возврата «${line.name}» истёк ${ruDate(lastDay)}. Если товар с браком, выберите причину «${RETURN_REASONS.defect.text}»`,
              { code: "return_window_closed" },
            );
          }
        }
        const units = new Map(input.lines.map((l) => [l.lineId, l.quantity]));
        const money = await moneyOf(repos, { orderId: order.id, reason: input.reason }, units, order);
        const request = await repos.returns.insert(
          {
            userId,
            orderId: order.id,
            reason: input.reason,
            comment: input.comment ?? "",
            amount: money.amount,
            points: money.points,
          },
          input.lines.map((l) => ({ orderLineId: l.lineId, quantity: l.quantity })),
        );
        const photoIds = [...new Set(input.photoIds ?? [])];
        if (photoIds.length > 0) {
          const attached = await repos.uploads.attach(
            photoIds,
            { userId, purpose: "refund" },
            `refund:${request.id}`,
          );
          if (attached.length !== photoIds.length) {
            throw new AppError("not_found", "Фото не найдено. Загрузите его ещё раз", {
              code: "upload_not_found",
            });
          }
          await repos.returns.addPhotos(request.id, photoIds);
        }
        return request.id;
      });
      ctx.logger.info({ returnId: id, orderId: input.orderId }, "return requested");
      return view(await own(userId, id));
    },

    async list(userId: number): Promise<ReturnSummary[]> {
      const rows = await returns.listOf(userId);
      const lines = await returns.linesOf(rows.map((r) => r.request.id));
      return rows.map((row) => summaryOf(row, lines));
    },

    get: async (userId: number, id: number) => view(await own(userId, id)),

    /** The shopper withdraws a request still being considered; withdrawing twice answers it as it is. */
    async cancel(userId: number, id: number): Promise<ReturnRequest> {
      const row = await own(userId, id);
      await ctx.work.transaction(async (repos) => {
        await repos.orders.lockOrder(row.request.orderId);
        const locked = await repos.returns.lock(id);
        if (!locked || locked.status === "cancelled") return;
        if (locked.status !== "sent") {
          throw new AppError("conflict", "Заявка уже рассмотрена: отменить её нельзя", {
            code: "return_not_cancellable",
          });
        }
        await repos.returns.move(id, "sent", "cancelled", { cancelledAt: ctx.now() });
      });
      return view(await own(userId, id));
    },

    // The operators' side.

    async queue(query: {
      status: ReturnRow["status"] | "all";
      before?: number;
      limit: number;
    }): Promise<StaffReturnPage> {
      const rows = await returns.queue(query.status, query.before, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const lines = await returns.linesOf(page.map((r) => r.request.id));
      return {
        items: page.map((row) => ({ ...summaryOf(row, lines), phone: row.phone })),
        next: rows.length > query.limit ? page.at(-1)!.request.id : null,
      };
    },

    staffCard,

    /**
     * Approves a request (see the module's comment). Approving an approved one again answers it as it is;
     * a rejected or withdrawn one is 409.
     */
    async approve(staff: StaffActor, id: number): Promise<StaffReturn> {
      const row = await returns.one(id);
      if (!row) throw notFound();
      await ctx.work.transaction(async (repos) => {
        // The order first, then the request, then the payment: the order of locks every writer takes.
        const order = await repos.orders.lockOrder(row.request.orderId);
        const request = await repos.returns.lock(id);
        if (!order || !request) throw notFound();
        if (request.status === "approved" || request.status === "refunded") return;
        if (request.status !== "sent") throw decided(request.status);
        const units = new Map(
          (await repos.returns.linesOf([id])).map((l) => [l.lineId, l.quantity] as [number, number]),
        );
        const money = await moneyOf(repos, request, units, order);
        if (money.amount !== money.uncapped) {
          ctx.logger.error(
            { returnId: id, orderId: order.id, money: money.uncapped, capped: money.amount },
            "return refund capped at what is left of the payment",
          );
        }
        if (money.points > 0) {
          await repos.bonus.record({
            userId: order.userId,
            operationKey: `return:${id}:bonus:return`,
            kind: "spend_return",
            bucket: "available",
            amount: money.points,
            orderId: order.id,
          });
        }
        const reversed = await reverseCashback(repos, order, id, money.cashback);
        if (reversed > 0) {
          await repos.orders.updateOrder(order.id, {
            cashbackPoints: Math.max(0, order.cashbackPoints - money.cashback),
          });
        }
        const receipt =
          money.amount > 0 && money.payment && ctx.options.acquirer
            ? await returnReceipt(
                ctx,
                ctx.options.acquirer,
                order.id,
                money.amount,
                money.lines
                  .filter((l) => units.has(l.id))
                  .map((l) => ({ name: l.name, price: l.price, quantity: units.get(l.id)! })),
                money.amount === money.uncapped ? money.deliveryOf : [],
                repos.orders,
              )
            : undefined;
        const sendsMoney = money.amount > 0 && money.payment !== undefined;
        await repos.refunds.insert({
          orderId: order.id,
          paymentId: money.payment?.id ?? null,
          returnId: id,
          shipmentIds: money.shipmentIds,
          amount: sendsMoney ? money.amount : 0,
          points: money.points,
          status: sendsMoney ? "pending" : "done",
          receipt,
          ...(sendsMoney ? {} : { doneAt: ctx.now() }),
        });
        const at = ctx.now();
        await repos.returns.move(id, "sent", sendsMoney ? "approved" : "refunded", {
          amount: sendsMoney ? money.amount : 0,
          points: money.points,
          decidedBy: staff.userId,
          decidedAt: at,
          ...(sendsMoney ? {} : { refundedAt: at }),
        });
        await queueOrderSms(
          repos,
          order,
          {
            kind: "return_approved",
            returnId: id,
            amount: sendsMoney ? money.amount : 0,
            points: money.points,
          },
          at,
        );
        await repos.audit.record(staff, {
          action: "return.approve",
          target: `return:${id}`,
          details: { orderId: order.id, amount: sendsMoney ? money.amount : 0, points: money.points },
        });
      });
      ctx.logger.info({ returnId: id, by: staff.userId }, "return approved");
      return staffCard(id);
    },

    /**
     * Rejects a request with the operator's reason, shown to the shopper. The same rejection again answers it
     * as it is; a different reason for a decided request is 409.
     */
    async reject(staff: StaffActor, id: number, reason: string): Promise<StaffReturn> {
      const row = await returns.one(id);
      if (!row) throw notFound();
      await ctx.work.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(row.request.orderId);
        const request = await repos.returns.lock(id);
        if (!order || !request) throw notFound();
        // A double click repeats the same reason: answered as it is; another operator's other reason is not lost.
        if (request.status === "rejected" && request.decisionReason === reason) return;
        if (request.status !== "sent") throw decided(request.status);
        const at = ctx.now();
        await repos.returns.move(id, "sent", "rejected", {
          decisionReason: reason,
          decidedBy: staff.userId,
          decidedAt: at,
        });
        await queueOrderSms(repos, order, { kind: "return_rejected", returnId: id }, at);
        await repos.audit.record(staff, {
          action: "return.reject",
          target: `return:${id}`,
          details: { orderId: order.id, reason },
        });
      });
      ctx.logger.info({ returnId: id, by: staff.userId }, "return rejected");
      return staffCard(id);
    },
  };

  /**
   * Takes back the cashback the returned units earned: from what of the order's cashback still waits, and
   * the rest, when it has matured already, from the balance as far as it goes (points spent meanwhile are
   * not clawed back from the card). Once per request (operation keys). The points taken.
   */
  async function reverseCashback(
    repos: Repositories,
    order: { id: number; userId: number },
    returnId: number,
    cashback: number,
  ): Promise<number> {
    if (cashback === 0) return 0;
    const waiting = Math.max(0, await repos.cashback.pendingOfOrder(order.id));
    const fromPending = Math.min(cashback, waiting);
    if (fromPending > 0) {
      await repos.bonus.record({
        userId: order.userId,
        operationKey: `return:${returnId}:cashback:reversal`,
        kind: "cashback_reversal",
        bucket: "pending",
        amount: -fromPending,
        orderId: order.id,
      });
    }
    const rest = cashback - fromPending;
    if (rest === 0) return fromPending;
    const { balance } = await repos.bonus.balance(order.userId);
    const fromBalance = Math.min(rest, balance);
    if (fromBalance > 0) {
      await repos.bonus.record({
        userId: order.userId,
        operationKey: `return:${returnId}:cashback:reversal:available`,
        kind: "cashback_reversal",
        bucket: "available",
        amount: -fromBalance,
        orderId: order.id,
      });
    }
    if (fromBalance < rest) {
      ctx.logger.warn(
        { returnId, orderId: order.id, cashback, taken: fromPending + fromBalance },
        "matured cashback of a return already spent: the rest is written off",
      );
    }
    return fromPending + fromBalance;
  }
}
export type ReturnsService = ReturnType<typeof createReturnsService>;

const decided = (status: ReturnRow["status"]) =>
  new AppError(
    "conflict",
    status === "cancelled" ? "Покупатель отменил эту заявку" : "Заявка уже рассмотрена",
    { code: "return_decided" },
  );
