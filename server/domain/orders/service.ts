import { addressProblemMessages } from "#contract/address-messages.ts";
import { shipmentDeliveryPrice } from "#contract/basket-rules.ts";
import { BONUS_MIN_SPEND, bonusSpendError, maxBonusSpend } from "#contract/bonus-rules.ts";
import { deliveryDate, distanceKm } from "#contract/delivery-dates.ts";
import {
  ACTIVE_ORDER_STATUSES,
  type BonusOptions,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  type PlaceOrderInput,
  type StartPaymentResult,
} from "#contract/orders.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { BonusRepository } from "#server/domain/bonus/repository.ts";
import { cashbackAmount } from "#server/domain/catalog/service.ts";
import {
  type Acquirer,
  type AcquirerNotification,
  FAILED_STATUSES,
  PAID_STATUSES,
  PAYABLE_STATUSES,
  REFUND_STATUSES,
} from "#server/domain/payments/acquirer.ts";
import { AppError, type LineIssue } from "#server/errors.ts";
import type { OrderRow, OrdersRepository, PaymentRow, ProductRow } from "./repository.ts";

/** The courier windows and their capacity (server/domain/delivery/slot-rules.ts provides the real one). */
export interface SlotPolicy {
  /** The window starting at this hour, if the day has one. */
  window(startsHour: number): { startsHour: number; endsHour: number } | undefined;
  /** Places in one window of one day in this city. */
  capacity(city: { id: number; population: number }): number;
  /** How many days ahead of the earliest delivery date windows can be booked. */
  days: number;
}

export interface OrdersLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface OrdersOptions {
  /** The acquirer; without one, paying by card answers 503. */
  acquirer?: Acquirer;
  slots: SlotPolicy;
  /** Minutes an order waits for payment before the expiry job cancels it (PAYMENT_TIMEOUT_MIN). */
  paymentTimeoutMin: number;
  /** Orders one account may hold awaiting payment (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /** Most units one basket line may hold (the `basket_max_items` option). */
  maxItems: () => Promise<number>;
  logger?: OrdersLogger;
  now?: () => Date;
}

export interface Repositories {
  orders: OrdersRepository;
  bonus: BonusRepository;
}

const notFound = () => new AppError("not_found", "Заказ не найден", { code: "order_not_found" });

const money = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  maximumFractionDigits: 2,
});
const rub = (kopecks: number) => money.format(kopecks / 100).replace(/,00(?=\D*$)/, "");

/** The acquirer's OrderId of a payment attempt: unique per terminal. */
export const acquirerOrderId = (order: Pick<OrderRow, "number">, attempt: number) =>
  `${order.number}-${attempt}`;

/**
 * How long a payment row in status `new` (its `Init` in flight) holds off other starts of the order: the
 * acquirer client's timeout (15 s) and a margin. Past it the Init is taken as lost.
 */
const INIT_LEASE_MS = 20_000;
/** How often a start waiting for another start's `Init` looks again. */
const INIT_POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A word after which the page takes no more money: paid, declined, expired, cancelled, refunded. */
const isFinal = (status: string) =>
  PAID_STATUSES.includes(status) || FAILED_STATUSES.includes(status) || REFUND_STATUSES.includes(status);

/**
 * How a payment being given back ended, by the acquirer's word; undefined while it has not (open, under way,
 * paid, partly refunded).
 */
function endOfReturn(status: string): "cancelled" | "rejected" | "refunded" | undefined {
  if (status === "CANCELED") return "cancelled";
  if (FAILED_STATUSES.includes(status)) return "rejected";
  if (status === "REFUNDED" || status === "REVERSED") return "refunded";
  return undefined;
}

/** «Не больше 1 неоплаченного заказа», «не больше 3 неоплаченных заказов»: the genitive after «не больше». */
const tooManyUnpaid = (max: number) => {
  const orders = max % 10 === 1 && max % 100 !== 11 ? "неоплаченного заказа" : "неоплаченных заказов";
  return new AppError(
    "conflict",
    `Одновременно можно держать не больше ${max} ${orders}. Оплатите их или дождитесь отмены в разделе «Мои заказы» и оформите новый`,
    { code: "too_many_unpaid_orders" },
  );
};

const paymentUnderWay = () =>
  new AppError("conflict", "Предыдущая оплата ещё идёт — дождитесь её результата", {
    code: "payment_in_progress",
  });

type PaymentStep =
  | { kind: "wait" }
  | { kind: "paid" }
  | { kind: "open" | "close"; page: PaymentRow }
  | { kind: "init"; order: OrderRow; payment: PaymentRow };

const silent: OrdersLogger = { info() {}, warn() {}, error() {} };

/**
 * Orders: placement, payment and expiry (commerce.md, Order, stock and payment; ADR 040). Every change of
 * an order's status is a conditional update from the status it must be in, so of any number of racing
 * callers (two notifications, a notification and a return check, expiry jobs on several instances)
 * exactly one acts.
 */
export function createOrdersService(work: UnitOfWork<Repositories>, options: OrdersOptions) {
  const { orders: repository, bonus } = work.repositories;
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? silent;

  /** What stops each line from being bought as shown, judged on these product rows. */
  function problemsOf(
    byId: ReadonlyMap<number, ProductRow>,
    lines: readonly { productId: number; quantity: number }[],
    expected: ReadonlyMap<number, { quantity: number; price: number }>,
    maxItems: number,
  ): LineIssue[] {
    const problems: LineIssue[] = [];
    for (const line of lines) {
      const product = byId.get(line.productId);
      const seen = expected.get(line.productId)!;
      if (line.quantity > maxItems) {
        problems.push({
          productId: line.productId,
          code: "over_limit",
          message: `Не больше ${maxItems} шт. одного товара в корзине`,
          available: maxItems,
        });
        continue;
      }
      if (!product || product.isComingSoon) {
        problems.push({ productId: line.productId, code: "not_sold", message: "Товар больше не продаётся" });
        continue;
      }
      if (product.stock <= 0) {
        problems.push({
          productId: line.productId,
          code: "out_of_stock",
          message: "Товар закончился",
          available: 0,
        });
        continue;
      }
      if (line.quantity > product.stock) {
        problems.push({
          productId: line.productId,
          code: "not_enough_stock",
          message: `Осталось только ${product.stock} шт.`,
          available: product.stock,
        });
        continue;
      }
      if (product.orderLimit !== null && line.quantity > product.orderLimit) {
        problems.push({
          productId: line.productId,
          code: "over_limit",
          message: `Не больше ${product.orderLimit} шт. в одном заказе`,
          available: product.orderLimit,
        });
        continue;
      }
      if (product.price !== seen.price) {
        problems.push({
          productId: line.productId,
          code: "price_changed",
          message:
            product.price > seen.price
              ? `Цена выросла: ${rub(product.price)} вместо ${rub(seen.price)}`
              : `Цена снизилась: ${rub(product.price)} вместо ${rub(seen.price)}`,
          price: product.price,
        });
      }
    }
    return problems;
  }

  const refuse = (problems: LineIssue[]) =>
    new AppError("conflict", "Некоторые товары нельзя купить как раньше — проверьте корзину", {
      code: "order_lines_changed",
      lines: problems,
    });

  async function recipientOf(repo: OrdersRepository, userId: number, recipientId: number | undefined) {
    if (recipientId !== undefined) {
      const recipient = await repo.recipient(userId, recipientId);
      if (!recipient)
        throw new AppError("not_found", "Получатель не найден", { code: "recipient_not_found" });
      return recipient;
    }
    const me = await repo.profile(userId);
    if (!me?.name || !me.surname || !me.phone) {
      throw new AppError("validation", "Укажите получателя: фамилию, имя и телефон", {
        code: "recipient_required",
        fields: [{ field: "body.recipientId", message: "Укажите получателя: фамилию, имя и телефон" }],
      });
    }
    return {
      surname: me.surname,
      name: me.name,
      patronymic: me.patronymic,
      phone: me.phone,
      email: me.email,
    };
  }

  /** Spends or returns points so that the order holds `target` points; idempotent per `step`. */
  async function setOrderBonus(repos: Repositories, order: OrderRow, target: number, step: string) {
    const delta = target - order.bonusSpent;
    if (delta === 0) return order;
    const result = await repos.bonus.record({
      userId: order.userId,
      operationKey: `order:${order.id}:bonus:${step}`,
      kind: delta > 0 ? "spend" : "spend_return",
      bucket: "available",
      amount: -delta,
      orderId: order.id,
    });
    if (result === "insufficient") {
      throw new AppError("conflict", "Баллов не хватает: баланс изменился, обновите страницу", {
        code: "bonus_invalid",
      });
    }
    if (result === "duplicate") return order;
    return repos.orders.updateOrder(order.id, {
      bonusSpent: target,
      toPay: order.goodsTotal + order.deliveryTotal - target * 100,
    });
  }

  /** The status change to paid, in a transaction holding the order: pending cashback, bought lines out. */
  async function settlePaid(repos: Repositories, order: OrderRow, paymentId: number | undefined) {
    const paid = await repos.orders.transition(order.id, "awaiting_payment", {
      status: "paid",
      paidAt: now(),
    });
    if (!paid) return undefined;
    if (paymentId !== undefined) await repos.orders.updatePayment(paymentId, { status: "confirmed" });
    if (paid.cashbackPoints > 0) {
      await repos.bonus.record({
        userId: paid.userId,
        operationKey: `order:${paid.id}:cashback`,
        kind: "cashback",
        bucket: "pending",
        amount: paid.cashbackPoints,
        orderId: paid.id,
      });
    }
    const lines = await repos.orders.lines(paid.id);
    await repos.orders.removeFromBasket(
      paid.userId,
      lines.map((l) => l.productId),
    );
    return paid;
  }

  /**
   * Applies what the acquirer says of one payment (a verified notification or a GetState answer).
   * Idempotent: a repeated or late word changes nothing. Money taken for an order that cannot take it
   * (cancelled meanwhile, paid by another attempt, another amount) is given back with Cancel.
   */
  async function applyAcquirerState(
    payment: PaymentRow,
    state: { status: string; amount: number },
  ): Promise<"paid" | "failed" | "refund" | "unchanged"> {
    if (!PAID_STATUSES.includes(state.status)) {
      const status = FAILED_STATUSES.includes(state.status)
        ? "rejected"
        : REFUND_STATUSES.includes(state.status)
          ? "refunded"
          : undefined;
      await work.transaction(async (repos) => {
        const locked = await repos.orders.lockPayment(payment.id);
        // Only an open payment moves, and one being given back once the acquirer says it is: words arrive
        // out of order, and an ended one (paid, refunded, or cancelled by us before another page opened)
        // keeps its end.
        const returned = locked?.status === "returning" ? endOfReturn(state.status) : undefined;
        if (returned) {
          await repos.orders.updatePayment(payment.id, { acquirerStatus: state.status, status: returned });
          return;
        }
        if (!locked || (locked.status !== "new" && locked.status !== "pending")) return;
        await repos.orders.updatePayment(payment.id, {
          acquirerStatus: state.status,
          ...(status ? { status } : { status: "pending" }),
        });
      });
      return status === "rejected" ? "failed" : "unchanged";
    }
    const outcome = await work.transaction(async (repos) => {
      const order = await repos.orders.lockOrder(payment.orderId);
      const locked = await repos.orders.lockPayment(payment.id);
      if (!order || !locked) return "unchanged" as const;
      // Paid already, or being (or already) given back: its job deals with the money.
      if (["confirmed", "returning", "refunded"].includes(locked.status)) return "unchanged" as const;
      await repos.orders.updatePayment(payment.id, { acquirerStatus: state.status });
      if (
        order.status === "awaiting_payment" &&
        state.amount === order.toPay &&
        locked.amount === order.toPay
      ) {
        await settlePaid(repos, order, payment.id);
        return "paid" as const;
      }
      // Paid, but the order cannot take it: cancelled meanwhile, paid by another attempt, or another sum.
      // Its job gives the money back.
      await repos.orders.returnPayment(payment.id, state.status);
      return "refund" as const;
    });
    if (outcome === "refund") {
      logger.warn(
        { orderId: payment.orderId, paymentId: payment.id },
        "payment to be given back: the order could not take it",
      );
    }
    return outcome;
  }

  async function toOrder(row: OrderRow): Promise<Order> {
    const [shipments, lines, paymentRows] = await Promise.all([
      repository.shipments(row.id),
      repository.lines(row.id),
      repository.payments(row.id),
    ]);
    const slot = row.slotId ? await repository.slot(row.slotId) : undefined;
    const delivery = row.delivery as Order["delivery"];
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      statusText: ORDER_STATUS_TEXT[row.status],
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      paymentDeadline: row.paymentDeadline.toISOString(),
      goodsTotal: row.goodsTotal,
      discountTotal: row.discountTotal,
      deliveryTotal: row.deliveryTotal,
      bonusSpent: row.bonusSpent,
      cashbackPoints: row.cashbackPoints,
      toPay: row.toPay,
      paidByCard: paymentRows.filter((p) => p.status === "confirmed").reduce((sum, p) => sum + p.amount, 0),
      paidWith:
        paymentRows.find(
          (p): p is typeof p & { method: "card" | "sbp" } =>
            p.status === "confirmed" && (p.method === "card" || p.method === "sbp"),
        )?.method ?? null,
      delivery: {
        ...delivery,
        slot: slot ? { date: slot.date, startsHour: slot.startsHour, endsHour: slot.endsHour } : null,
      },
      recipient: row.recipient as Order["recipient"],
      shipments: shipments.map((s) => ({
        seller: { id: s.sellerId, code: s.sellerCode, name: s.sellerName },
        deliveryDate: s.deliveryDate,
        deliveryTotal: s.deliveryTotal,
        lines: lines
          .filter((l) => l.shipmentId === s.id)
          .map((l) => ({
            productId: l.productId,
            name: l.name,
            quantity: l.quantity,
            price: l.price,
            oldPrice: l.oldPrice,
            cashbackPoints: l.cashbackPoints,
            image:
              l.imageUrl !== null && l.imageWidth !== null && l.imageHeight !== null
                ? { url: l.imageUrl, width: l.imageWidth, height: l.imageHeight, alt: l.imageAlt ?? l.name }
                : null,
          })),
      })),
    };
  }

  async function bonusOptionsOf(order: OrderRow): Promise<BonusOptions> {
    const { balance } = await bonus.balance(order.userId);
    const max = maxBonusSpend(order.goodsTotal, balance + order.bonusSpent);
    return {
      balance,
      min: max >= BONUS_MIN_SPEND ? BONUS_MIN_SPEND : 0,
      max: max >= BONUS_MIN_SPEND ? max : 0,
      applied: order.bonusSpent,
    };
  }

  /**
   * What a payment start does next, decided under the order's lock (ADR 042): wait for another start's
   * `Init`, go to the page already open, close that page first, settle with points, or open a new page.
   * A new page's payment row (status `new` until its `Init` answers) is the lease other starts wait on.
   */
  async function nextPaymentStep(
    repos: Repositories,
    userId: number,
    orderId: number,
    input: { method: "card" | "sbp"; bonusPoints: number },
  ): Promise<PaymentStep> {
    const order = await repos.orders.lockOrder(orderId, userId);
    if (!order) throw notFound();
    if (order.status !== "awaiting_payment") {
      throw new AppError(
        "conflict",
        order.status === "cancelled" ? "Заказ отменён: время на оплату вышло" : "Заказ уже оплачен",
        { code: "order_not_payable" },
      );
    }
    if (order.paymentDeadline.getTime() <= now().getTime()) {
      throw new AppError("conflict", "Время на оплату вышло — заказ будет отменён", {
        code: "order_not_payable",
      });
    }
    const { balance } = await repos.bonus.balance(userId);
    const spendError = bonusSpendError(
      input.bonusPoints,
      maxBonusSpend(order.goodsTotal, balance + order.bonusSpent),
    );
    if (spendError) {
      throw new AppError("validation", spendError, {
        code: "bonus_invalid",
        fields: [{ field: "body.bonusPoints", message: spendError }],
      });
    }
    const payments = await repos.orders.payments(order.id);
    for (const p of payments.filter((p) => p.status === "new")) {
      if (p.createdAt.getTime() > now().getTime() - INIT_LEASE_MS) return { kind: "wait" };
      // Its Init never answered within the acquirer's timeout (the process stopped): nobody was sent
      // to a page of it, so it is over.
      await repos.orders.updatePayment(p.id, { status: "rejected" });
    }
    const page = payments.find((p) => p.status === "pending" && p.externalId && p.paymentUrl);
    if (page) {
      const same =
        page.method === input.method && input.bonusPoints === order.bonusSpent && page.amount === order.toPay;
      return { kind: same ? "open" : "close", page };
    }
    const attempt = await repos.orders.nextPaymentAttempt(order.id);
    const updated = await setOrderBonus(repos, order, input.bonusPoints, `attempt-${attempt}`);
    if (updated.toPay === 0) {
      await repos.orders.insertPayment({
        orderId: order.id,
        attempt,
        provider: "points",
        method: "points",
        amount: 0,
        status: "confirmed",
      });
      await settlePaid(repos, updated, undefined);
      return { kind: "paid" };
    }
    const payment = await repos.orders.insertPayment({
      orderId: order.id,
      attempt,
      provider: options.acquirer?.provider ?? "tbank",
      method: input.method,
      amount: updated.toPay,
      status: "new",
      createdAt: now(),
    });
    return { kind: "init", order: updated, payment };
  }

  /** Registers the new page at the acquirer and sends the shopper there; a failed Init ends the row. */
  async function openPage(
    acquirer: Acquirer,
    step: Extract<PaymentStep, { kind: "init" }>,
    method: "card" | "sbp",
    urls: { successUrl: string; failUrl: string; notificationUrl: string },
  ): Promise<StartPaymentResult> {
    const { order, payment } = step;
    try {
      const init = await acquirer.init({
        orderId: acquirerOrderId(order, payment.attempt),
        amount: payment.amount,
        description: `Заказ ${order.number} в Витрине`,
        successUrl: urls.successUrl,
        failUrl: urls.failUrl,
        notificationUrl: urls.notificationUrl,
        method,
        customerKey: String(order.userId),
        dueDate: order.paymentDeadline,
      });
      await repository.updatePayment(payment.id, {
        externalId: init.paymentId,
        paymentUrl: init.paymentUrl,
        acquirerStatus: init.status,
        status: "pending",
      });
      logger.info({ orderId: order.id, attempt: payment.attempt }, "payment started");
      return { kind: "redirect", paymentUrl: init.paymentUrl };
    } catch (err) {
      await repository.updatePayment(payment.id, { status: "rejected" });
      throw err;
    }
  }

  /**
   * Applies the acquirer's final word on a page (paid, declined, refunded); "paid" when the order is paid
   * now, by this page or by another word that came first.
   */
  async function settleFromPage(
    page: PaymentRow,
    state: { status: string; amount: number },
  ): Promise<"paid" | "closed"> {
    await applyAcquirerState(page, state);
    const order = await repository.order(page.orderId);
    return order && order.status !== "awaiting_payment" && order.status !== "cancelled" ? "paid" : "closed";
  }

  /** Records how a page we closed ended, unless another word about it came first. */
  async function recordClosed(page: PaymentRow, status: "cancelled" | "refunded", acquirerStatus: string) {
    await work.transaction(async (repos) => {
      const locked = await repos.orders.lockPayment(page.id);
      if (locked?.status === "new" || locked?.status === "pending") {
        await repos.orders.updatePayment(page.id, { status, acquirerStatus });
      }
    });
  }

  /**
   * Closes the order's open page before another opens (ADR 042). Its state first: money already taken on
   * it pays the order, a payment under way on it (3-D Secure, authorising) is waited for, and only a page
   * nobody is paying on is cancelled. A Cancel answered as a refund (paid between the two calls) is
   * recorded as what it is: the money went back.
   */
  async function closePage(acquirer: Acquirer, page: PaymentRow): Promise<"paid" | "closed"> {
    const state = await acquirer.getState(page.externalId!);
    if (isFinal(state.status)) return settleFromPage(page, state);
    if (!PAYABLE_STATUSES.includes(state.status)) throw paymentUnderWay();
    let answer: Awaited<ReturnType<Acquirer["cancel"]>>;
    try {
      answer = await acquirer.cancel(page.externalId!);
    } catch (err) {
      // Refused: the page moved on meanwhile. What it moved to decides.
      const after = await acquirer.getState(page.externalId!);
      if (isFinal(after.status)) return settleFromPage(page, after);
      throw err;
    }
    if (answer.status === "CANCELED") {
      await recordClosed(page, "cancelled", answer.status);
      return "closed";
    }
    logger.warn(
      { orderId: page.orderId, paymentId: page.id, status: answer.status },
      "an earlier page was paid while it was being closed: its money went back",
    );
    await recordClosed(page, "refunded", answer.status);
    return "closed";
  }

  return {
    /**
     * Places an order from the user's selected basket lines (one transaction): claims the checkout key,
     * checks the basket is the one shown, re-prices every line from the catalogue and takes its stock
     * (rows locked in id order), books the courier window, spends the points and writes the order with
     * one shipment per seller, awaiting payment. A retry with the same key returns the same order.
     */
    async place(userId: number, input: PlaceOrderInputParsed): Promise<{ order: Order; created: boolean }> {
      const at = now();
      const maxItems = await options.maxItems();
      const result = await work.transaction(async (repos) => {
        const repo = repos.orders;
        await repo.lockUserPlacements(userId);
        const existing = await repo.findByCheckoutKey(userId, input.checkoutKey);
        if (existing) return { row: existing, created: false };

        const basket = await repo.basketForPlacement(userId);
        if (!basket || basket.lines.length === 0) {
          throw new AppError("conflict", "В корзине нет выбранных товаров", { code: "basket_empty" });
        }
        // One basket as it is becomes one order, however many tabs place it: the others get that order
        // (under the user's placement lock, so tabs placing at once see each other's).
        const sameBasket = await repo.unpaidOrderOfBasket(userId, basket.version);
        if (sameBasket && basket.version === input.basketVersion) return { row: sameBasket, created: false };
        if ((await repo.unpaidOrderCount(userId)) >= options.maxUnpaidOrders) {
          throw tooManyUnpaid(options.maxUnpaidOrders);
        }
        const expected = new Map(input.expectedLines.map((l) => [l.productId, l]));
        const sameLines =
          basket.version === input.basketVersion &&
          expected.size === basket.lines.length &&
          basket.lines.every((l) => expected.get(l.productId)?.quantity === l.quantity);
        if (!sameLines) {
          throw new AppError("conflict", "Корзина изменилась — проверьте её и оформите заказ ещё раз", {
            code: "basket_changed",
          });
        }
        // A first look without locks: most refusals come from here, before anything is held.
        const ids = basket.lines.map((l) => l.productId);
        const products = new Map((await repo.readProducts(ids)).map((p) => [p.id, p]));
        const early = problemsOf(products, basket.lines, expected, maxItems);
        if (early.length > 0) throw refuse(early);

        const address = await repo.address(userId, input.addressId, input.deliveryType);
        if (!address) throw new AppError("not_found", "Адрес не найден", { code: "address_not_found" });
        if (address.cityId === null) {
          throw new AppError("validation", "Выберите город доставки", { code: "delivery_city_unknown" });
        }
        const city = await repo.city(address.cityId);
        if (!city)
          throw new AppError("validation", "Выберите город доставки", { code: "delivery_city_unknown" });
        // The step checks the courier zone as the address is typed; the server holds the rule too. An
        // address saved without coordinates (typed in the account) cannot be judged and is taken.
        if (
          input.deliveryType === "courier" &&
          address.latitude !== null &&
          address.longitude !== null &&
          distanceKm(city, { ...city, latitude: address.latitude, longitude: address.longitude }) >
            city.deliveryRadiusKm
        ) {
          throw new AppError("validation", addressProblemMessages.outOfRange, {
            code: "address_out_of_range",
            fields: [{ field: "body.addressId", message: addressProblemMessages.outOfRange }],
          });
        }
        const recipient = await recipientOf(repo, userId, input.recipientId);

        // One shipment per seller, each with its own date and courier price.
        const sellerIds = [...new Set([...products.values()].map((p) => p.sellerId))];
        const sellerRows = await repo.sellersWithWarehouses(sellerIds);
        const dates = new Map(
          sellerRows.map((s) => [
            s.id,
            deliveryDate(
              {
                warehouse: { latitude: s.latitude, longitude: s.longitude, timezone: s.timezone },
                cutoffHour: s.cutoffHour,
              },
              city,
              at,
            ),
          ]),
        );
        const latest = [...dates.values()].sort().at(-1)!;

        let slotWanted: Parameters<OrdersRepository["bookSlot"]>[0] | undefined;
        if (input.deliveryType === "courier") {
          if (!input.slot) {
            throw new AppError("validation", "Выберите интервал доставки", {
              code: "slot_required",
              fields: [{ field: "body.slot", message: "Выберите интервал доставки" }],
            });
          }
          const window = options.slots.window(input.slot.startsHour);
          const lastDay = new Date(`${latest}T00:00:00Z`);
          lastDay.setUTCDate(lastDay.getUTCDate() + options.slots.days - 1);
          if (!window || input.slot.date < latest || input.slot.date > lastDay.toISOString().slice(0, 10)) {
            throw new AppError("conflict", "Этот интервал недоступен — выберите другой", {
              code: "slot_unavailable",
            });
          }
          slotWanted = {
            cityId: city.id,
            date: input.slot.date,
            startsHour: window.startsHour,
            endsHour: window.endsHour,
            capacity: options.slots.capacity(city),
          };
          // Courier shipments come together in the chosen window.
          for (const id of dates.keys()) dates.set(id, input.slot.date);
        }

        // Money from the catalogue rows (checked again under lock below), never from the client.
        const bySeller = new Map<number, { productId: number; quantity: number }[]>();
        for (const line of basket.lines) {
          const sellerId = products.get(line.productId)!.sellerId;
          bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), line]);
        }
        let goodsTotal = 0;
        let discountTotal = 0;
        let deliveryTotal = 0;
        let cashbackPoints = 0;
        const shipmentPlans = [...bySeller.entries()].map(([sellerId, lines]) => {
          let shipmentGoods = 0;
          const orderLinesOf = lines.map((line) => {
            const p = products.get(line.productId)!;
            const points = (cashbackAmount(p.price, p.cashbackPercent) / 100) * line.quantity;
            shipmentGoods += p.price * line.quantity;
            discountTotal += p.oldPrice ? (p.oldPrice - p.price) * line.quantity : 0;
            cashbackPoints += points;
            return {
              productId: p.id,
              name: p.name,
              quantity: line.quantity,
              price: p.price,
              oldPrice: p.oldPrice,
              cashbackPercent: p.cashbackPercent,
              cashbackPoints: points,
            };
          });
          goodsTotal += shipmentGoods;
          const shipmentDelivery = input.deliveryType === "pickup" ? 0 : shipmentDeliveryPrice(shipmentGoods);
          deliveryTotal += shipmentDelivery;
          return { sellerId, date: dates.get(sellerId)!, delivery: shipmentDelivery, lines: orderLinesOf };
        });

        const { balance } = await repos.bonus.balance(userId);
        const maxSpend = maxBonusSpend(goodsTotal, balance);
        const spendError = bonusSpendError(input.bonusPoints, maxSpend);
        if (spendError) {
          throw new AppError("validation", spendError, {
            code: "bonus_invalid",
            fields: [{ field: "body.bonusPoints", message: spendError }],
          });
        }

        const deadline = new Date(at.getTime() + options.paymentTimeoutMin * 60_000);
        const row = await repo.insertOrder({
          userId,
          status: "awaiting_payment",
          checkoutKey: input.checkoutKey,
          basketVersion: basket.version,
          deliveryType: input.deliveryType,
          cityId: city.id,
          addressId: address.id,
          pickupPointId: address.pickupPointId,
          delivery: {
            type: input.deliveryType,
            city: city.name,
            address: address.pointAddress ?? address.address,
            entrance: address.entrance,
            floor: address.floor,
            flat: address.flat,
            intercom: address.intercom,
            comment: address.comment,
            pointName: address.pointName,
            hours: address.hours,
          },
          recipient,
          goodsTotal,
          discountTotal,
          deliveryTotal,
          bonusSpent: 0,
          cashbackPoints,
          toPay: goodsTotal + deliveryTotal,
          paymentDeadline: deadline,
        });
        for (const plan of shipmentPlans) {
          const shipmentId = await repo.insertShipment({
            orderId: row.id,
            sellerId: plan.sellerId,
            deliveryDate: plan.date,
            deliveryTotal: plan.delivery,
          });
          await repo.insertLines(plan.lines.map((l) => ({ ...l, orderId: row.id, shipmentId })));
        }

        // The contended part, kept to the end so the rows are held only until the commit: the products
        // locked in id order, judged again on what they hold now, their stock taken; then the window.
        const locked = new Map((await repo.lockProducts(ids)).map((p) => [p.id, p]));
        const late = problemsOf(locked, basket.lines, expected, maxItems);
        if (late.length > 0) throw refuse(late);
        for (const line of basket.lines) {
          // Locked and checked just now; the condition holds the invariant even so.
          if (!(await repo.takeStock(line.productId, line.quantity))) {
            throw refuse([
              { productId: line.productId, code: "out_of_stock", message: "Товар закончился", available: 0 },
            ]);
          }
        }
        let placed = row;
        if (slotWanted) {
          const slotId = await repo.bookSlot(slotWanted);
          if (slotId === undefined) {
            throw new AppError("conflict", "Этот интервал уже заняли — выберите другой", {
              code: "slot_full",
            });
          }
          placed = await repo.updateOrder(row.id, { slotId });
        }
        const withBonus = await setOrderBonus(repos, placed, input.bonusPoints, "placement");
        return { row: withBonus, created: true };
      });
      if (result.created) {
        logger.info({ orderId: result.row.id, userId, toPay: result.row.toPay }, "order placed");
      }
      return { order: await toOrder(result.row), created: result.created };
    },

    /** The user's order; another user's id is 404, as if it did not exist. */
    async get(userId: number, orderId: number): Promise<Order> {
      const row = await repository.order(orderId, userId);
      if (!row) throw notFound();
      return toOrder(row);
    },

    async list(userId: number, tab: "active" | "completed") {
      const statuses =
        tab === "active"
          ? ACTIVE_ORDER_STATUSES
          : ORDER_STATUSES.filter((s: OrderStatus) => !ACTIVE_ORDER_STATUSES.includes(s));
      const rows = await repository.listOrders(userId, statuses);
      const ids = rows.map((r) => r.id);
      const [lines, dates] = await Promise.all([
        repository.linesOfOrders(ids),
        repository.shipmentDatesOfOrders(ids),
      ]);
      return {
        items: rows.map((row) => {
          const own = lines.filter((l) => l.orderId === row.id);
          const delivery = row.delivery as Order["delivery"];
          const days = [
            ...new Set(dates.filter((d) => d.orderId === row.id).map((d) => d.deliveryDate)),
          ].sort();
          return {
            id: row.id,
            number: row.number,
            status: row.status,
            statusText: ORDER_STATUS_TEXT[row.status],
            createdAt: row.createdAt.toISOString(),
            toPay: row.toPay,
            goodsTotal: row.goodsTotal,
            bonusSpent: row.bonusSpent,
            deliveryTotal: row.deliveryTotal,
            deliveryDates: days,
            deliveryType: row.deliveryType,
            deliveryPlace:
              delivery.type === "pickup" && delivery.pointName
                ? `${delivery.pointName}, ${delivery.address}`
                : delivery.address,
            itemsCount: own.reduce((sum, l) => sum + l.quantity, 0),
            images: own
              .filter((l) => l.imageUrl !== null)
              .slice(0, 6)
              .map((l) => ({ url: l.imageUrl!, alt: l.name })),
          };
        }),
      };
    },

    async bonusOptions(userId: number, orderId: number): Promise<BonusOptions> {
      const row = await repository.order(orderId, userId);
      if (!row) throw notFound();
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

    /**
     * Starts paying an unpaid order: sets the points it spends (returning or spending the difference),
     * then either settles it at once (points cover everything) or answers an acquirer page. An order has
     * at most one open page (ADR 042): the same request again (a double tap, a second tab) gets the page
     * already open; another method or sum first closes that page at the acquirer, and a page whose money
     * was already taken settles the order instead of being cancelled. While another start's `Init` is in
     * flight, this one waits for it.
     */
    async startPayment(
      userId: number,
      orderId: number,
      input: { method: "card" | "sbp"; bonusPoints: number },
      urls: { successUrl: string; failUrl: string; notificationUrl: string },
    ): Promise<StartPaymentResult> {
      // Real time, whatever the service's clock: this bounds how long the shopper waits.
      const waitUntil = Date.now() + INIT_LEASE_MS + 2_000;
      // Each closed page ends a row, so a few rounds suffice; the bound only guards against a loop.
      for (let closed = 0; closed < 5; ) {
        const step = await work.transaction((repos) => nextPaymentStep(repos, userId, orderId, input));
        if (step.kind === "wait") {
          if (Date.now() > waitUntil) {
            throw new AppError("conflict", "Оплата уже открывается — попробуйте через несколько секунд", {
              code: "payment_in_progress",
            });
          }
          await sleep(INIT_POLL_MS);
          continue;
        }
        if (step.kind === "paid") {
          logger.info({ orderId, userId }, "order paid with points");
          return { kind: "paid", orderId };
        }
        const acquirer = options.acquirer;
        if (!acquirer) {
          throw new AppError("unavailable", "Оплата картой сейчас недоступна, попробуйте позже", {
            code: "acquirer_unavailable",
          });
        }
        if (step.kind === "init") return openPage(acquirer, step, input.method, urls);
        closed += 1;
        if (step.kind === "close") {
          if ((await closePage(acquirer, step.page)) === "paid") return { kind: "paid", orderId };
          continue;
        }
        // The same request again: the open page, while the acquirer still takes money on it.
        const state = await acquirer.getState(step.page.externalId!);
        if (!isFinal(state.status)) return { kind: "redirect", paymentUrl: step.page.paymentUrl! };
        if ((await settleFromPage(step.page, state)) === "paid") return { kind: "paid", orderId };
      }
      throw paymentUnderWay();
    },

    /**
     * A notification from the acquirer: verified (token, terminal), matched to our payment by its id and
     * OrderId, and its amount to the payment's. Anything else is refused and changes nothing.
     */
    async acceptNotification(body: unknown): Promise<void> {
      const note: AcquirerNotification | null = options.acquirer?.verifyNotification(body) ?? null;
      if (!note) {
        logger.warn({}, "payment notification refused: token or terminal does not verify");
        throw new AppError("forbidden", "Уведомление не прошло проверку подписи", {
          code: "payment_not_verified",
        });
      }
      const payment = await repository.paymentByExternalId(options.acquirer!.provider, note.paymentId);
      const order = payment ? await repository.order(payment.orderId) : undefined;
      if (
        !payment ||
        !order ||
        acquirerOrderId(order, payment.attempt) !== note.orderId ||
        note.amount !== payment.amount
      ) {
        logger.warn(
          { paymentId: note.paymentId, status: note.status },
          "payment notification refused: no such payment or another amount",
        );
        throw new AppError("validation", "Уведомление не совпадает с платежом", {
          code: "payment_not_verified",
        });
      }
      const outcome = await applyAcquirerState(payment, note);
      logger.info({ orderId: order.id, status: note.status, outcome }, "payment notification");
    },

    /**
     * The return from the acquirer's page: asks the acquirer (`GetState`) about the order's latest
     * payment and applies the answer, so the page shows the real state even before the notification.
     */
    async checkPayment(userId: number, orderId: number) {
      const order = await repository.order(orderId, userId);
      if (!order) throw notFound();
      if (order.status === "awaiting_payment" && options.acquirer) {
        const latest = (await repository.payments(order.id))
          .filter((p) => p.externalId && (p.status === "pending" || p.status === "new"))
          .at(-1);
        if (latest?.externalId) {
          const state = await options.acquirer.getState(latest.externalId);
          if (state.orderId === acquirerOrderId(order, latest.attempt) && state.amount === latest.amount) {
            await applyAcquirerState(latest, state);
          }
        }
      }
      const fresh = (await repository.order(orderId, userId))!;
      return {
        orderId: fresh.id,
        number: fresh.number,
        status: fresh.status,
        paid: fresh.status !== "awaiting_payment" && fresh.status !== "cancelled",
      };
    },

    /**
     * Cancels an unpaid order past its deadline and gives back its stock, courier window and points,
     * once: only the caller whose conditional update moved it from awaiting_payment does the returns.
     */
    async expire(orderId: number): Promise<boolean> {
      const cancelled = await work.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(orderId);
        if (order?.status !== "awaiting_payment" || order.paymentDeadline.getTime() > now().getTime()) {
          return undefined;
        }
        const row = await repos.orders.transition(orderId, "awaiting_payment", {
          status: "cancelled",
          cancelledAt: now(),
          cancelReason: "payment_timeout",
        });
        if (!row) return undefined;
        const lines = await repos.orders.lines(orderId);
        await repos.orders.returnStock(lines);
        if (row.slotId) await repos.orders.releaseSlot(row.slotId);
        if (row.bonusSpent > 0) {
          await repos.bonus.record({
            userId: row.userId,
            operationKey: `order:${row.id}:bonus:cancel`,
            kind: "spend_return",
            bucket: "available",
            amount: row.bonusSpent,
            orderId: row.id,
          });
        }
        // Its open pages are closed at the acquirer by their jobs (a page paid meanwhile is refunded).
        for (const p of await repos.orders.payments(orderId)) {
          if (p.externalId && (p.status === "pending" || p.status === "new")) {
            await repos.orders.returnPayment(p.id);
          }
        }
        return row;
      });
      if (!cancelled) return false;
      logger.info({ orderId, userId: cancelled.userId }, "unpaid order cancelled");
      return true;
    },

    /**
     * The `return-payment` job (ADR 043): gives a payment the order cannot take back to the shopper
     * through the acquirer — its state first, then `Cancel` (an open page is called off, money taken is
     * refunded) — and records it `cancelled`, `rejected` or `refunded` only on the acquirer's word. A
     * failure is thrown for the job to retry; after the last attempt the payment is listed for an operator.
     */
    async returnPayment(paymentId: number, attempt: { last: boolean }): Promise<void> {
      const payment = await repository.payment(paymentId);
      if (payment?.status !== "returning") return;
      const acquirer = options.acquirer;
      try {
        if (!acquirer || !payment.externalId) throw new Error("no acquirer to give the payment back through");
        let word = (await acquirer.getState(payment.externalId)).status;
        if (!endOfReturn(word)) word = (await acquirer.cancel(payment.externalId)).status;
        const ended = endOfReturn(word);
        if (!ended) throw new Error(`the acquirer's Cancel answered ${word}`);
        await work.transaction(async (repos) => {
          const locked = await repos.orders.lockPayment(paymentId);
          if (locked?.status === "returning") {
            await repos.orders.updatePayment(paymentId, { status: ended, acquirerStatus: word });
          }
        });
        logger.info({ orderId: payment.orderId, paymentId, status: word }, "payment given back");
      } catch (err) {
        if (attempt.last) {
          await repository.recordPaymentProblem({
            paymentId,
            orderId: payment.orderId,
            detail: err instanceof Error ? err.message : String(err),
          });
          logger.error(
            { orderId: payment.orderId, paymentId, err },
            "payment not given back after the last retry: listed for an operator",
          );
        }
        throw err;
      }
    },

    /** Unpaid orders past their deadline, for the expiry job. */
    dueUnpaid: (limit: number) => repository.dueUnpaid(now(), limit),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

export type PlaceOrderInputParsed = Omit<Required<PlaceOrderInput>, "recipientId" | "slot"> & {
  recipientId?: number;
  slot?: { date: string; startsHour: number };
};
