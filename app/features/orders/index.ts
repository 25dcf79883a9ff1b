// The orders' public entry (ADR 016): how an order is shown — its parcels, delivery, sums and history —
// for the back office's order card, which shows the same order to staff.
export {
  OrderDelivery,
  OrderShipments,
  OrderTimeline,
  OrderTotals,
  paidWithText,
} from "./components/order-parts.tsx";
export { OrdersStyles } from "./orders-styles.tsx";
