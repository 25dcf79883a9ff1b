import { ORDER_STATUS_TEXT } from "#contract/orders.ts";
import type { OrderStatus } from "#contract/order-states.ts";
import { ROLE_TEXT, type Role } from "#contract/roles.ts";

// How the audit log reads to an admin: each action in Russian and its details in a line.

export const AUDIT_ACTION_TEXT: Record<string, string> = {
  "order.transition": "Смена статуса отправления",
  "order.cancel": "Отмена заказа",
  "order.note": "Заметка к заказу",
  "stock.adjust": "Изменение остатка",
  "payment_problem.resolve": "Проблемный платёж закрыт",
  "payment_problem.retry": "Повтор возврата",
  "staff.grant": "Назначение роли",
  "staff.revoke": "Снятие роли",
};

const status = (value: unknown) => ORDER_STATUS_TEXT[value as OrderStatus] ?? String(value);
const role = (value: unknown) => ROLE_TEXT[value as Role] ?? String(value);

/** The details of one record as a short line; unknown ones as `key: value` pairs. */
export function auditDetailsText(action: string, details: Record<string, unknown>): string {
  switch (action) {
    case "order.transition":
      return `Отправление ${details.shipmentId}: ${status(details.from)} → ${status(details.to)}`;
    case "order.note":
      return typeof details.text === "string" ? `«${details.text}»` : "";
    case "staff.grant":
    case "staff.revoke":
      return `${details.phone ?? ""} · ${role(details.role)}`;
    case "stock.adjust": {
      const before = details.before as { onHand?: number; available?: number } | undefined;
      const after = details.after as { onHand?: number; available?: number } | undefined;
      return `На складе ${before?.onHand} → ${after?.onHand} шт., к продаже ${before?.available} → ${after?.available} · «${details.reason}»`;
    }
    case "payment_problem.resolve":
      return `Заказ ${details.orderId}, платёж ${details.paymentId} · «${details.note}»`;
    case "payment_problem.retry":
      return `Заказ ${details.orderId}, платёж ${details.paymentId} · задача ${details.job}`;
    default:
      return Object.entries(details)
        .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
        .join(", ");
  }
}

/** `order:7` as «Заказ 7», `user:42` as «Аккаунт 42», `product:5` as «Товар 5»; anything else as it is. */
export function auditTargetText(target: string): string {
  const [kind, id] = target.split(":");
  if (kind === "order" && id) return `Заказ ${id}`;
  if (kind === "user" && id) return `Аккаунт ${id}`;
  if (kind === "product" && id) return `Товар ${id}`;
  if (kind === "payment_problem" && id) return `Проблемный платёж ${id}`;
  return target;
}

/** `order:7` is a link to the order's card, `product:5` to its stock; anything else is shown as it is. */
export function auditTargetLink(target: string): string | undefined {
  const order = /^order:(\d+)$/.exec(target);
  if (order) return `/admin/orders/${order[1]}`;
  const product = /^product:(\d+)$/.exec(target);
  return product ? `/admin/stock?q=${product[1]}` : undefined;
}
