import { ORDER_TRANSITIONS, type OrderStatus } from "#contract/order-states.ts";

// Which moves the order card offers for a parcel: the server's rule (server/domain/orders/fulfilment.ts,
// ADR 053) — an operator's moves along ORDER_TRANSITIONS, a pickup parcel waiting at its point before it
// is handed over, a courier's going straight to the shopper. The server checks again; a race is its 409.

const STAFF_MOVES: readonly OrderStatus[] = ["assembling", "in_delivery", "ready_for_pickup", "delivered"];

/** What the button says for each move. */
export const MOVE_LABEL: Partial<Record<OrderStatus, string>> = {
  assembling: "Начать сборку",
  in_delivery: "Передать в доставку",
  ready_for_pickup: "Доставлен в пункт выдачи",
  delivered: "Вручён покупателю",
};

export function movesFrom(status: OrderStatus, deliveryType: "courier" | "pickup"): OrderStatus[] {
  return (ORDER_TRANSITIONS[status] as readonly OrderStatus[]).filter((to) => {
    if (!STAFF_MOVES.includes(to)) return false;
    if (to === "ready_for_pickup") return deliveryType === "pickup";
    if (to === "delivered" && status === "in_delivery") return deliveryType === "courier";
    return true;
  });
}
