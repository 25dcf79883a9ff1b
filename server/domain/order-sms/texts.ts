import { formatPoints, formatRub } from "#contract/format.ts";
import type { Kopecks, Points } from "#contract/money.ts";

// What the shop texts a shopper about an order (issue 20, point 7; ADR 055): short, in the words of a
// Russian marketplace, signed with the shop's name, no links. Cyrillic goes as UCS-2, where one SMS holds
// 70 characters (67 a part when longer): paid, handed to delivery and delivered fit in one; ready for
// pickup (the point, the code, the last day), cancelled and not collected (what comes back) take two, three
// for a point
// with a long name and address.

export const SHOP_SIGNATURE = "Витрина";

/** The events an order texts about; each is sent once (order_notifications.key). */
export const ORDER_SMS_KINDS = [
  "paid",
  "in_delivery",
  "ready_for_pickup",
  "delivered",
  "cancelled",
  "not_collected",
  "return_approved",
  "return_rejected",
] as const;
export type OrderSmsKind = (typeof ORDER_SMS_KINDS)[number];

/**
 * Whose the news is: the whole order («Заказ 1234-5678 передан…») or, when it has several parcels and
 * only some moved, part of it («Часть заказа 1234-5678 передана…»).
 */
export interface SmsSubject {
  number: string;
  part: boolean;
}

/** «Заказ 1234-5678 передан» / «Часть заказа 1234-5678 передана»: the subject with its participle. */
function subject({ number, part }: SmsSubject, masculine: string, feminine: string): string {
  return part ? `Часть заказа ${number} ${feminine}` : `Заказ ${number} ${masculine}`;
}

/** 2026-12-05 → «05.12»: the year is always the coming one in these texts. */
export function smsDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

export function paidText(number: string): string {
  return `Заказ ${number} оплачен. Сообщим, когда передадим в доставку. ${SHOP_SIGNATURE}`;
}

/** Handed to delivery; `expected` is the promised date when it is still ahead. */
export function inDeliveryText(order: SmsSubject, expected?: string): string {
  const when = expected ? ` Ожидайте ${smsDate(expected)}.` : "";
  return `${subject(order, "передан", "передана")} в доставку.${when} ${SHOP_SIGNATURE}`;
}

export interface PickupNotice {
  /** «Пункт выдачи СДЭК» */
  pointName: string | null;
  /** «ул Ленина, д 12» */
  address: string;
  code: string;
  /** The last day the point keeps the parcel (YYYY-MM-DD). */
  storageUntil: string;
}

export function readyForPickupText(order: SmsSubject, pickup: PickupNotice): string {
  const point = pickup.pointName ? `${pickup.pointName}, ${pickup.address}` : pickup.address;
  return (
    `${subject(order, "ждёт вас", "ждёт вас")}: ${point}. Код получения ${pickup.code}, ` +
    `заберите до ${smsDate(pickup.storageUntil)}. ${SHOP_SIGNATURE}`
  );
}

export function deliveredText(order: SmsSubject, deliveryType: "courier" | "pickup"): string {
  const done =
    deliveryType === "courier"
      ? subject(order, "доставлен", "доставлена")
      : subject(order, "получен", "получена");
  return `${done}. Спасибо за покупку! ${SHOP_SIGNATURE}`;
}

/** What comes back: money to the card (the acquirer's refund, up to 10 days) and points (already back). */
export interface Returned {
  amount: Kopecks;
  points: Points;
}

/** « 1 500 ₽ вернутся на карту в течение 10 дней, 300 баллов уже на счёте.», or nothing. */
function returnedSentence(back: Returned): string {
  const returns: string[] = [];
  if (back.amount > 0) returns.push(`${formatRub(back.amount)} вернутся на карту в течение 10 дней`);
  if (back.points > 0) returns.push(`${formatPoints(back.points)} уже на счёте`);
  return returns.length > 0 ? ` ${capitalise(returns.join(", "))}.` : "";
}

/** Cancelled by the shopper or an operator, with what comes back. */
export function cancelledText(order: SmsSubject, back: Returned): string {
  return `${subject(order, "отменён", "отменена")}.${returnedSentence(back)} ${SHOP_SIGNATURE}`;
}

/** Not collected from the point in time: it goes back to the seller, the money and points to the shopper. */
export function notCollectedText(order: SmsSubject, back: Returned): string {
  const whose = order.part ? `части заказа ${order.number}` : `заказа ${order.number}`;
  return `Срок хранения ${whose} истёк.${returnedSentence(back)} ${SHOP_SIGNATURE}`;
}

/** A return request approved (ADR 059): what comes back. */
export function returnApprovedText(returnId: number, back: Returned): string {
  return `Возврат № ${returnId} одобрен.${returnedSentence(back)} ${SHOP_SIGNATURE}`;
}

/** A return request rejected: the reason is on the request's page (it may be long). */
export function returnRejectedText(returnId: number): string {
  return `Возврат № ${returnId} отклонён. Причина — в личном кабинете, раздел «Возвраты». ${SHOP_SIGNATURE}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** GSM 03.38's basic alphabet: a text of only these goes 160 characters an SMS, else UCS-2's 70. */
const GSM_7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/u;

/** How many SMS the text takes (a long message is split into parts of 153 or 67 characters). */
export function smsSegments(text: string): number {
  // UCS-2 counts UTF-16 units; every character these texts use is one.
  const length = text.length;
  const [single, part] = GSM_7.test(text) ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / part);
}
