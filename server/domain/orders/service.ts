import { BONUS_MIN_SPEND, maxBonusSpend } from "#contract/bonus-rules.ts";
import { kopecks, points } from "#contract/money.ts";
import {
  ACTIVE_ORDER_STATUSES,
  type BonusOptions,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from "#contract/orders.ts";
import type { StaffOrderCard } from "#contract/staff.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import { queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { type OrdersOptions, orderNotFound, ordersContext, type Repositories } from "./context.ts";
import { cancelOrder } from "./lifecycle.ts";
import { acceptNotification, checkPayment, reconcile } from "./acquirer-word.ts";
import { returnPayment } from "./payment-return.ts";
import { type PaymentChoice, type PaymentUrls, startPayment } from "./payment-start.ts";
import { type PlaceOrderInputParsed, placeOrder } from "./placement.ts";
import { type Canceller, callOff, cancelByRequest } from "./cancellation.ts";
import { moveShipmentByStaff, shopToday, type StaffActor } from "./fulfilment.ts";
import { addOrderNote, notesOf } from "./notes.ts";
import { historyOf } from "./staff-history.ts";
import { sendRefund } from "./refund-send.ts";
import type { OrderRow, OrdersRepository } from "./repository.ts";
import { orderListItem, orderView } from "./views.ts";

export type { OrdersLogger, OrdersOptions, Repositories, SlotPolicy } from "./context.ts";
export { acquirerOrderId } from "./acquirer-word.ts";
export type { PlaceOrderInputParsed } from "./placement.ts";

/**
 * How long after its page's lifetime (the order's payment deadline) a payment still open is asked about:
 * the acquirer's own notification of the page's expiry comes first in the normal course.
 */
export const RECONCILE_GRACE_MS = 5 * 60_000;

/** After a failed GetState, how long expiry cancels without asking the acquirer first (real time). */
export const ACQUIRER_QUIET_MS = 60_000;

/**
 * Orders: placement (placement.ts), payment (payment-start.ts, acquirer-word.ts, payment-return.ts), expiry and reconciliation (commerce.md, Order,
 * stock and payment; ADR 040, 042, 043, 049). Every status change goes through the repository's `transition` /
 * `movePayment`, guarded by the tables in contract/order-states.ts, so of any number of racing callers
 * (two notifications, a notification and a return check, jobs on several instances) exactly one acts.
 */
export function createOrdersService(work: UnitOfWork<Repositories>, options: OrdersOptions) {
  const ctx = ordersContext(work, options);
  const { orders: repository, bonus } = work.repositories;
  const { now, logger } = ctx;
  /** Until when expiry skips its last look at the acquirer (set by a failed GetState). */
  let acquirerQuietUntil = 0;

  async function bonusOptionsOf(order: OrderRow): Promise<BonusOptions> {
    const { balance } = await bonus.balance(order.userId);
    const max = maxBonusSpend(order.goodsTotal, balance + order.bonusSpent);
    return {
      balance: points(balance),
      min: points(max >= BONUS_MIN_SPEND ? BONUS_MIN_SPEND : 0),
      max: points(max >= BONUS_MIN_SPEND ? max : 0),
      applied: points(order.bonusSpent),
    };
  }

  /**
   * Asks the acquirer about the order's open pages before it is cancelled for want of payment: a page paid
   * whose notification was lost pays the order instead. An acquirer that does not answer does not keep the
   * order: cancelling queues the page's return job, which asks again and gives any money back.
   */
  async function lastLookAtPages(order: OrderRow): Promise<void> {
    // An acquirer that just failed is not asked again for a while: each call could wait out the client's
    // timeout, and a batch of expiring orders would stall behind it (their return jobs ask later anyway).
    if (!options.acquirer || Date.now() < acquirerQuietUntil) return;
    for (const p of await repository.payments(order.id)) {
      if (!p.externalId || (p.status !== "pending" && p.status !== "new")) continue;
      try {
        await reconcile(ctx, order, p);
      } catch (err) {
        acquirerQuietUntil = Date.now() + ACQUIRER_QUIET_MS;
        logger.warn({ orderId: order.id, paymentId: p.id, err }, "GetState before expiry failed");
        return;
      }
    }
  }

  return {
    /**
     * Places an order from the user's selected basket lines (one transaction, placement.ts). A retry with
     * the same key returns the same order.
     */
    async place(userId: number, input: PlaceOrderInputParsed): Promise<{ order: Order; created: boolean }> {
      const maxItems = await options.maxItems();
      const result = await work.transaction((repos) => placeOrder(ctx, repos, userId, input, maxItems));
      if (result.created) {
        logger.info({ orderId: result.row.id, userId, toPay: result.row.toPay }, "order placed");
      }
      return { order: await orderView(repository, result.row), created: result.created };
    },

    /** The user's order; another user's id is 404, as if it did not exist. */
    async get(userId: number, orderId: number): Promise<Order> {
      const row = await repository.order(orderId, userId);
      if (!row) throw orderNotFound();
      return orderView(repository, row);
    },

    async list(userId: number, tab: "active" | "completed") {
      const statuses =
        tab === "active"
          ? ACTIVE_ORDER_STATUSES
          : ORDER_STATUSES.filter((s: OrderStatus) => !ACTIVE_ORDER_STATUSES.includes(s));
      const { rows, lines, dates } = await repository.listWithParts(userId, tab, statuses);
      return { items: rows.map((row) => orderListItem(row, lines, dates)) };
    },

    async bonusOptions(userId: number, orderId: number): Promise<BonusOptions> {
      const row = await repository.order(orderId, userId);
      if (!row) throw orderNotFound();
      return bonusOptionsOf(row);
    },

    async balance(userId: number) {
      return bonus.balance(userId);
    },

    /** A welcome accrual, once per account (the demo customers' points; the browser tests' seam). */
    async grantWelcome(userId: number, points: number): Promise<void> {
      await work.transaction((repos) =>
        repos.bonus.record({
          userId,
          operationKey: `welcome:${userId}`,
          kind: "welcome",
          bucket: "available",
          amount: points,
        }),
      );
    },

    startPayment: (userId: number, orderId: number, input: PaymentChoice, urls: PaymentUrls) =>
      startPayment(ctx, userId, orderId, input, urls),
    acceptNotification: (body: unknown) => acceptNotification(ctx, body),
    checkPayment: (userId: number, orderId: number) => checkPayment(ctx, userId, orderId),
    returnPayment: (paymentId: number, attempt: { last: boolean }) => returnPayment(ctx, paymentId, attempt),

    /**
     * Cancels an unpaid order past its deadline and gives back its stock, courier window and points, once:
     * only the caller whose conditional update moved it from awaiting_payment does the returns. Its open
     * pages are asked about first, so a payment whose notification was lost pays the order instead.
     */
    async expire(orderId: number): Promise<boolean> {
      const due = await repository.order(orderId);
      if (due?.status !== "awaiting_payment" || due.paymentDeadline.getTime() > now().getTime()) return false;
      await lastLookAtPages(due);
      const cancelled = await work.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(orderId);
        if (order?.status !== "awaiting_payment" || order.paymentDeadline.getTime() > now().getTime()) {
          return undefined;
        }
        return cancelOrder(ctx, repos, order, "awaiting_payment", "payment_timeout");
      });
      if (!cancelled) return false;
      logger.info({ orderId, userId: cancelled.userId }, "unpaid order cancelled");
      return true;
    },

    /**
     * The reconciliation job's round: asks the acquirer (`GetState`) about payments still open past their
     * page's lifetime and applies the answers, so a lost notification cannot leave money taken and the
     * order unpaid (or a page's end unrecorded). The number of payments asked about.
     */
    async reconcileOpenPayments(limit = 100): Promise<number> {
      if (!options.acquirer) return 0;
      const open = await repository.openPaymentsPastDeadline(now(), RECONCILE_GRACE_MS, limit);
      for (const { order, payment: p } of open) {
        try {
          const outcome = await reconcile(ctx, order, p);
          if (outcome !== "unchanged")
            logger.warn({ orderId: order.id, paymentId: p.id, outcome }, "payment reconciled");
        } catch (err) {
          logger.warn({ orderId: order.id, paymentId: p.id, err }, "payment reconciliation failed");
        }
      }
      return open.length;
    },

    /** The back office's list of orders (newest first, filtered, paged by id). */
    async staffList(
      filter: Parameters<OrdersRepository["staffList"]>[0],
      page: { limit: number; before?: number },
    ) {
      const rows = await repository.staffList(filter, { limit: page.limit + 1, before: page.before });
      const items = rows.slice(0, page.limit).map(({ order, phone }) => ({
        id: order.id,
        number: order.number,
        status: order.status,
        statusText: ORDER_STATUS_TEXT[order.status],
        createdAt: order.createdAt.toISOString(),
        deliveryType: order.deliveryType,
        toPay: kopecks(order.toPay),
        total: kopecks(order.goodsTotal + order.deliveryTotal),
        phone,
      }));
      return { items, next: rows.length > page.limit ? items.at(-1)!.id : null };
    },

    /** Sellers to filter the back office's list by. */
    sellerChoices: () => repository.sellerChoices(),

    /**
     * The order as an operator sees it: the shopper's view, who the shopper is, every payment attempt and
     * the internal notes.
     */
    async staffCard(orderId: number): Promise<StaffOrderCard> {
      const row = await repository.order(orderId);
      if (!row) throw orderNotFound();
      const [order, profile, payments, history, notes] = await Promise.all([
        orderView(repository, row),
        repository.profile(row.userId),
        repository.payments(orderId),
        historyOf(repository, orderId),
        notesOf(repository, orderId),
      ]);
      return {
        order,
        userId: row.userId,
        shopper: {
          phone: profile?.phone ?? null,
          name: profile?.name ?? null,
          surname: profile?.surname ?? null,
        },
        payments: payments.map((p) => ({
          id: p.id,
          attempt: p.attempt,
          method: p.method,
          status: p.status,
          amount: kopecks(p.amount),
          refundedAmount: kopecks(p.refundedAmount),
          createdAt: p.createdAt.toISOString(),
        })),
        history,
        notes,
      };
    },

    /** An operator's internal note on the order (notes.ts), audited. */
    addNote: (staff: StaffActor, orderId: number, text: string) => addOrderNote(ctx, staff, orderId, text),

    /** An operator moves one shipment on (fulfilment.ts), audited. */
    moveShipment: (staff: StaffActor, orderId: number, shipmentId: number, to: OrderStatus) =>
      moveShipmentByStaff(ctx, staff, orderId, shipmentId, to),

    /**
     * The shopper or an operator cancels the order or one parcel (cancellation.ts): stock, points, cashback
     * and the courier window go back at once, the money through the `refund-order` job. The order as it is now.
     */
    async cancel(who: Canceller, orderId: number, input: { reason: string; shipmentId?: number }) {
      const { order } = await cancelByRequest(ctx, who, orderId, input);
      return orderView(repository, order);
    },

    /** The `refund-order` job: one refund's money back to the card (refund-send.ts). */
    sendRefund: (refundId: number, attempt: { last: boolean }) => sendRefund(ctx, refundId, attempt),

    /**
     * The not-collected job's round: parcels whose storage deadline passed go back from their point — stock
     * returned, their points and money given back, their cashback reversed — once each. The parcels moved.
     */
    async returnNotCollected(limit = 100): Promise<number> {
      const due = await repository.dueNotCollected(shopToday(now()), limit);
      let moved = 0;
      for (const { orderId, shipmentId } of due) {
        const result = await work.transaction(async (repos) => {
          const order = await repos.orders.lockOrder(orderId);
          if (!order) return undefined;
          const called = await callOff(ctx, repos, order, {
            shipmentIds: [shipmentId],
            to: "not_collected",
            reason: "not_collected",
            actor: { kind: "system" },
            refundMoney: true,
          });
          // The shopper learns the parcel went back, and what comes back to them (ADR 055).
          if (called.moved.length > 0 && order.paidAt) {
            await queueOrderSms(
              repos,
              called.order,
              {
                kind: "not_collected",
                shipmentIds: called.moved,
                amount: called.refund?.amount ?? 0,
                points: called.refund?.points ?? 0,
              },
              now(),
            );
          }
          return called;
        });
        if (result?.moved.length) {
          moved += 1;
          logger.info({ orderId, shipmentId, refund: result.refund?.amount ?? 0 }, "parcel not collected");
        }
      }
      return moved;
    },

    /** Unpaid orders past their deadline, for the expiry job. */
    dueUnpaid: (limit: number) => repository.dueUnpaid(now(), limit),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
