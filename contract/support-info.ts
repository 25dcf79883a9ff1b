// Support's dictionary, statuses and contacts (issue 21, point 3; ADR 058). No zod here: the footer and the
// support pages read it, and the schemas live in support.ts.

/** The support line, shown in the footer and on the support pages: one place for both. */
export const SUPPORT_PHONE = "8 800 555-35-35";
/** The same number for a `tel:` link. */
export const SUPPORT_PHONE_HREF = "tel:+78005553535";
export const SUPPORT_HOURS = "ежедневно с 8:00 до 22:00 по Москве";

export const SUPPORT_CATEGORIES = [
  "order_delivery",
  "payment_refund",
  "goods_return",
  "product_quality",
  "account",
  "other",
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_CATEGORY_TEXT: Record<SupportCategory, string> = {
  order_delivery: "Заказ и доставка",
  payment_refund: "Оплата и возврат денег",
  goods_return: "Возврат товара",
  product_quality: "Качество товара",
  account: "Личный кабинет и вход",
  other: "Другое",
};

export const SUPPORT_STATUSES = ["open", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** What the shopper reads: `open` waits for support, `answered` waits for them (or is done). */
export const SUPPORT_STATUS_TEXT: Record<SupportStatus, string> = {
  open: "Ждёт ответа",
  answered: "Есть ответ",
  closed: "Закрыто",
};

/** What an operator reads in the queue. */
export const SUPPORT_STAFF_STATUS_TEXT: Record<SupportStatus, string> = {
  open: "Ждёт ответа оператора",
  answered: "Отвечено",
  closed: "Закрыто",
};

export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/** Per-shopper limits (ADR 058): new appeals a day, messages (first ones included) an hour. */
export const SUPPORT_APPEALS_PER_DAY = 5;
export const SUPPORT_MESSAGES_PER_HOUR = 20;
