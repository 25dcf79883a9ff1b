import type { OrderStatus } from "./order-states.ts";

// Calling off an order or one of its parcels (issue 20, point 3; ADR 054): who may, until when, and why.
// No zod here: the order page and the back office read these in the browser (contract/cancellation.ts
// holds the requests' schemas).

/** Why a shopper cancels: the dictionary of the confirmation dialog. */
export const SHOPPER_CANCEL_REASONS = {
  changed_mind: "Передумал покупать",
  found_cheaper: "Нашёл дешевле",
  delivery_too_long: "Слишком долгая доставка",
  wrong_details: "Ошибка в адресе, получателе или составе заказа",
  other: "Другая причина",
} as const;
export type ShopperCancelReason = keyof typeof SHOPPER_CANCEL_REASONS;

/** Why an operator cancels. */
export const STAFF_CANCEL_REASONS = {
  out_of_stock: "Товара нет у продавца",
  damaged: "Товар повреждён или с браком",
  shopper_request: "По просьбе покупателя",
  undeliverable: "Доставить невозможно",
  suspected_fraud: "Подозрение на мошенничество",
  other: "Другая причина",
} as const;
export type StaffCancelReason = keyof typeof STAFF_CANCEL_REASONS;

/** Every reason a parcel or an order may be called off for, as the shopper and the back office read it. */
export const CANCEL_REASON_TEXT: Record<string, string> = {
  ...SHOPPER_CANCEL_REASONS,
  ...STAFF_CANCEL_REASONS,
  payment_timeout: "Заказ не оплачен вовремя",
  refunded_by_acquirer: "Банк вернул оплату",
  not_collected: "Срок хранения в пункте выдачи истёк",
};

/** Where a parcel may be for its shopper to cancel it: not yet handed to delivery. */
export const SHOPPER_CANCELLABLE: readonly OrderStatus[] = ["awaiting_payment", "paid", "assembling"];

/** Where a parcel may be for an operator to cancel it: anywhere before it reaches the shopper. */
export const STAFF_CANCELLABLE: readonly OrderStatus[] = [
  "awaiting_payment",
  "paid",
  "assembling",
  "in_delivery",
  "ready_for_pickup",
];

/** Money and points given back for parcels called off, as the order shows it. */
export const REFUND_STATUS_TEXT = {
  pending: "Возвращаем деньги",
  done: "Деньги возвращены",
  failed: "Возврат задерживается",
} as const;
