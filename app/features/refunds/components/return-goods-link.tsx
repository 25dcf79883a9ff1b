import { Link } from "react-router";
import type { Order } from "#contract/orders.ts";

/**
 * «Вернуть товар» on an order some of whose parcels reached the shopper: the form says what of it can still
 * go back and until when (ADR 059).
 */
export function ReturnGoodsLink({ order }: { order: Order }) {
  if (!order.shipments.some((s) => s.status === "delivered")) return null;
  return (
    <Link className="button button--secondary" to={`/personal/refunds/new?orderId=${order.id}`}>
      Вернуть товар
    </Link>
  );
}
