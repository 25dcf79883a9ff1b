import type { Acquirer } from "#server/domain/payments/acquirer.ts";
import { buildReceipt, type Receipt } from "#server/domain/payments/receipt.ts";
import type { OrdersContext } from "./context.ts";
import type { OrdersRepository } from "./repository.ts";
import { orderNotFound } from "./context.ts";

// The 54-FZ receipt a payment of an order carries to the acquirer (ADR 050).

/**
 * The receipt of a payment of `amount` kopecks for the order: its lines, its shipments that charge for
 * delivery, less what points paid (the goods and deliveries less the amount, so the receipt rebuilt for a
 * refund is the one its Init sent), to the account's e-mail, else its phone, else the recipient's. With
 * `shipmentIds`, only those parcels' lines and deliveries: the receipt of their partial refund (ADR 054).
 */
export async function paymentReceipt(
  ctx: OrdersContext,
  acquirer: Acquirer,
  orderId: number,
  amount: number,
  shipmentIds?: readonly number[],
  repository: OrdersRepository = ctx.work.repositories.orders,
): Promise<Receipt> {
  const order = await repository.order(orderId);
  if (!order) throw orderNotFound();
  const only = <T>(rows: T[], id: (row: T) => number) =>
    shipmentIds ? rows.filter((row) => shipmentIds.includes(id(row))) : rows;
  const [allLines, allShipments, profile] = await Promise.all([
    repository.lines(order.id),
    repository.shipments(order.id),
    repository.profile(order.userId),
  ]);
  const lines = only(allLines, (l) => l.shipmentId);
  const shipments = only(allShipments, (s) => s.id);
  return buildReceipt({
    goods: lines.map((line) => ({ name: line.name, price: line.price, quantity: line.quantity })),
    deliveries: shipments.map((s) => ({
      name: allShipments.length > 1 ? `Доставка (${s.sellerName})` : "Доставка",
      amount: s.deliveryTotal,
    })),
    amount,
    taxation: acquirer.taxation,
    contact: contactOf(order, profile),
  });
}

/** Whom the receipt goes to: the account's e-mail, else its phone, else the recipient's. */
function contactOf(
  order: { recipient: unknown },
  profile: { email: string | null; phone: string | null } | undefined,
) {
  const recipient = order.recipient as { email?: string | null; phone?: string | null };
  return { email: profile?.email || recipient.email, phone: profile?.phone || recipient.phone };
}

/**
 * The refund receipt of returned goods (ADR 059): these units of the order's lines and these parcels'
 * deliveries, less the points that paid for them (the goods and deliveries less `amount`).
 */
export async function returnReceipt(
  ctx: OrdersContext,
  acquirer: Acquirer,
  orderId: number,
  amount: number,
  goods: readonly { name: string; price: number; quantity: number }[],
  deliveryOf: readonly number[],
  repository: OrdersRepository = ctx.work.repositories.orders,
): Promise<Receipt> {
  const order = await repository.order(orderId);
  if (!order) throw orderNotFound();
  const [allShipments, profile] = await Promise.all([
    repository.shipments(order.id),
    repository.profile(order.userId),
  ]);
  return buildReceipt({
    goods: goods.map((g) => ({ name: g.name, price: g.price, quantity: g.quantity })),
    deliveries: allShipments
      .filter((s) => deliveryOf.includes(s.id))
      .map((s) => ({
        name: allShipments.length > 1 ? `Доставка (${s.sellerName})` : "Доставка",
        amount: s.deliveryTotal,
      })),
    amount,
    taxation: acquirer.taxation,
    contact: contactOf(order, profile),
  });
}
