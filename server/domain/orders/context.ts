import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { AuditRepository } from "#server/domain/audit/repository.ts";
import type { BonusRepository } from "#server/domain/bonus/repository.ts";
import type { OrderNotificationsRepository } from "#server/domain/order-sms/repository.ts";
import type { Acquirer } from "#server/domain/payments/acquirer.ts";
import { AppError } from "#server/errors.ts";
import type { RefundsRepository } from "#server/domain/order-refunds/repository.ts";
import type { CashbackRepository } from "#server/domain/cashback/repository.ts";
import type { ReturnsRepository } from "#server/domain/returns/repository.ts";
import type { UploadsRepository } from "#server/domain/uploads/repository.ts";
import type { OrdersRepository } from "./repository.ts";

// What every part of the orders module shares: the unit of work, the settings, the clock and the log.

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
  /** Staff actions on orders are recorded in the same transaction (ADR 051). */
  audit: AuditRepository;
  /** The SMS an order's events owe the shopper, queued in the event's transaction (ADR 055). */
  notifications: OrderNotificationsRepository;
  /** Money and points given back for parcels called off (ADR 054). */
  refunds: RefundsRepository;
  /** The shopper's return requests (ADR 059): a refund's money moves its request to `refunded`. */
  returns: ReturnsRepository;
  /** What of an order's cashback still waits (a return takes it back from there first). */
  cashback: Pick<CashbackRepository, "pendingOfOrder">;
  /** To attach the shopper's photos to the request, in its transaction. */
  uploads: Pick<UploadsRepository, "attach">;
}

export interface OrdersContext {
  work: UnitOfWork<Repositories>;
  options: OrdersOptions;
  now: () => Date;
  logger: OrdersLogger;
}

const silent: OrdersLogger = { info() {}, warn() {}, error() {} };

export function ordersContext(work: UnitOfWork<Repositories>, options: OrdersOptions): OrdersContext {
  return { work, options, now: options.now ?? (() => new Date()), logger: options.logger ?? silent };
}

export const orderNotFound = () => new AppError("not_found", "Заказ не найден", { code: "order_not_found" });
