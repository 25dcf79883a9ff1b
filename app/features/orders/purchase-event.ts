import type { Order } from "#contract/orders.ts";

/**
 * The Metrika e-commerce `purchase` of a paid order (currency RUB is added by the tracker): the order's
 * number as the action id, the revenue in roubles (goods and delivery, points included: they are money
 * to the shop), and each line once.
 */
export function purchaseEvent(order: Order) {
  return {
    actionField: { id: order.number, revenue: (order.goodsTotal + order.deliveryTotal) / 100 },
    products: order.shipments.flatMap((shipment) =>
      shipment.lines.map((line) => ({
        id: String(line.productId),
        name: line.name,
        price: line.price / 100,
        quantity: line.quantity,
      })),
    ),
  };
}
