import { formatPoints, formatRub } from "#contract/format.ts";
import { kopecks, points } from "#contract/money.ts";
import type { OrderStatus } from "#contract/order-states.ts";
import { ORDER_STATUS_TEXT } from "#contract/order-states.ts";
import { ROLE_TEXT, type Role } from "#contract/roles.ts";
import { SUPPORT_STAFF_STATUS_TEXT, type SupportStatus } from "#contract/support-info.ts";

// How the audit log reads to an admin: each action in Russian and its details in a line.

export const AUDIT_ACTION_TEXT: Record<string, string> = {
  "order.transition": "Смена статуса отправления",
  "order.cancel": "Отмена заказа",
  "order.note": "Заметка к заказу",
  "stock.adjust": "Изменение остатка",
  "product.photos": "Фото товара",
  "banner.create": "Баннер добавлен",
  "banner.update": "Баннер изменён",
  "banner.delete": "Баннер удалён",
  "banner.order": "Порядок баннеров",
  "payment_problem.resolve": "Проблемный платёж закрыт",
  "payment_problem.retry": "Повтор возврата",
  "staff.grant": "Назначение роли",
  "staff.revoke": "Снятие роли",
  "support.assign": "Обращение взято в работу",
  "support.answer": "Ответ на обращение",
  "support.close": "Обращение закрыто",
  "return.approve": "Возврат одобрен",
  "return.reject": "Возврат отклонён",
  "review.hide": "Отзыв скрыт",
  "review.show": "Отзыв снова опубликован",
  "question.answer": "Ответ на вопрос о товаре",
  "question.hide": "Вопрос скрыт",
  "question.show": "Вопрос снова опубликован",
};

type Details = Record<string, unknown>;

const status = (value: unknown) => ORDER_STATUS_TEXT[value as OrderStatus] ?? String(value);
const role = (value: unknown) => ROLE_TEXT[value as Role] ?? String(value);
const numbers = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const bannerLine = (d: Details) =>
  `«${d.title}» → ${d.link} · ${d.theme === "alfa" ? "Альфа" : d.theme === "halva" ? "Халва" : "обе темы"}`;

/** What an operator's cancel gave back: «1 500 ₽ и 150 баллов». */
function refundText(refund: unknown): string {
  const { amount = 0, points: given = 0 } = (refund ?? {}) as { amount?: number; points?: number };
  const parts = [
    amount > 0 ? formatRub(kopecks(amount)) : "",
    given > 0 ? formatPoints(points(given)) : "",
  ].filter(Boolean);
  return parts.length > 0 ? `; возврат ${parts.join(" и ")}` : "";
}

const LINES: Record<string, (d: Details) => string> = {
  "order.transition": (d) => `Отправление ${d.shipmentId}: ${status(d.from)} → ${status(d.to)}`,
  "order.note": (d) => (typeof d.text === "string" ? `«${d.text}»` : ""),
  "order.cancel": (d) =>
    `${d.reasonText ?? d.reason}, отправления ${numbers(d.shipmentIds)}${refundText(d.refund)}`,
  "stock.adjust": (d) => {
    const before = d.before as { onHand?: number; available?: number } | undefined;
    const after = d.after as { onHand?: number; available?: number } | undefined;
    return `На складе ${before?.onHand} → ${after?.onHand} шт., к продаже ${before?.available} → ${after?.available} · «${d.reason}»`;
  },
  "product.photos": (d) => `Фото: ${count(d.before)} → ${count(d.after)}`,
  "banner.create": (d) => bannerLine(d),
  "banner.update": (d) =>
    `${bannerLine(d)}${d.isActive === false ? " · выключен" : d.wasActive === false ? " · включён" : ""}`,
  "banner.delete": (d) => `«${d.title}»`,
  "banner.order": (d) => `Баннеры ${numbers(d.ids)}`,
  "payment_problem.resolve": (d) => `Заказ ${d.orderId}, платёж ${d.paymentId} · «${d.note}»`,
  "payment_problem.retry": (d) => `Заказ ${d.orderId}, платёж ${d.paymentId} · задача ${d.job}`,
  "staff.grant": (d) => `${d.phone ?? ""} · ${role(d.role)}`,
  "staff.revoke": (d) => `${d.phone ?? ""} · ${role(d.role)}`,
  "support.assign": (d) => (d.from ? `Было у аккаунта ${d.from}` : "Ничьё"),
  "support.answer": (d) => `Сообщение ${d.messageId}, ${d.length} симв.`,
  "support.close": (d) =>
    `Статус был: ${SUPPORT_STAFF_STATUS_TEXT[d.from as SupportStatus] ?? String(d.from)}`,
  "return.approve": (d) => `Заказ ${d.orderId}${refundText({ amount: d.amount, points: d.points })}`,
  "return.reject": (d) => `Заказ ${d.orderId} · «${d.reason}»`,
  "review.hide": (d) =>
    `Товар ${d.productId} · «${d.reason}» · рейтинг ${d.rating}, отзывов ${d.reviewsCount}`,
  "review.show": (d) =>
    `Товар ${d.productId}${d.reason ? ` · был скрыт: «${d.reason}»` : ""} · рейтинг ${d.rating}, отзывов ${d.reviewsCount}`,
  "question.answer": (d) =>
    `Товар ${d.productId} · от имени ${d.as === "seller" ? "продавца" : "Витрины"}, ${d.length} симв.`,
  "question.hide": (d) => `Товар ${d.productId} · «${d.reason}»`,
  "question.show": (d) => `Товар ${d.productId}`,
};

/** The details of one record as a short line; an action this screen does not know as `key: value` pairs. */
export function auditDetailsText(action: string, details: Details): string {
  const line = LINES[action];
  if (line) return line(details);
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}

const TARGET_NAME: Record<string, string> = {
  order: "Заказ",
  user: "Аккаунт",
  product: "Товар",
  payment_problem: "Проблемный платёж",
  support_appeal: "Обращение",
  return: "Возврат",
  banner: "Баннер",
  review: "Отзыв",
  product_question: "Вопрос",
};

/** `order:7` as «Заказ 7», `user:42` as «Аккаунт 42», `product:5` as «Товар 5»; anything else as it is. */
export function auditTargetText(target: string): string {
  const [kind, id] = target.split(":");
  const name = TARGET_NAME[kind ?? ""];
  return name && id ? `${name} ${id}` : target;
}

/** `order:7` is a link to the order's card, `product:5` to its stock; anything else is shown as it is. */
export function auditTargetLink(target: string): string | undefined {
  const order = /^order:(\d+)$/.exec(target);
  if (order) return `/admin/orders/${order[1]}`;
  const appeal = /^support_appeal:(\d+)$/.exec(target);
  if (appeal) return `/admin/support/${appeal[1]}`;
  const request = /^return:(\d+)$/.exec(target);
  if (request) return `/admin/refunds/${request[1]}`;
  const product = /^product:(\d+)$/.exec(target);
  return product ? `/admin/stock?q=${product[1]}` : undefined;
}
