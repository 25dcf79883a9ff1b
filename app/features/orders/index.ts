// The orders' public entry (ADR 016): how an order is shown — its parcels, delivery and sums — for the
// back office's order card, which shows the same order to staff (with its own history: who made each change).
export { OrderDelivery, OrderShipments, OrderTotals } from "./components/order-parts.tsx";
export { OrdersStyles } from "./orders-styles.tsx";
