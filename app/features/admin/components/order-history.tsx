import type { Order } from "#contract/orders.ts";
import type { StaffEvent } from "#contract/staff.ts";
import { formatDateTime } from "../format.ts";

/** Every change of the order and its parcels, oldest first: what, which parcel, who, when. */
export function OrderHistory({ order, history }: { order: Order; history: readonly StaffEvent[] }) {
  const sellerOf = (id: number | null) =>
    order.shipments.length > 1 ? order.shipments.find((s) => s.id === id)?.seller.name : undefined;
  return (
    <ol className="admin-history">
      {history.map((event, index) => (
        // Events never change once written: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
        <li key={index} className="admin-history__event">
          <span className="admin-history__what">
            {event.statusText}
            {sellerOf(event.shipmentId) ? ` · ${sellerOf(event.shipmentId)}` : ""}
          </span>
          <span className="admin-history__who">
            {event.actor}, <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
