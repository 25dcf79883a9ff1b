import { formatPoints, formatRub } from "#contract/format.ts";
import { kopecks, points } from "#contract/money.ts";
import type { Order } from "#contract/orders.ts";
import { formatDateTime } from "../format.ts";

/** Money and points given back for parcels called off, and where each refund stands (ADR 054). */
export function OrderRefunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <>
      <h3 className="admin-subtitle">Возвраты</h3>
      <ul className="admin-payments">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="admin-payments__item">
            <div className="admin-payments__head">
              <span>
                {[
                  refund.amount > 0 ? formatRub(kopecks(refund.amount)) : "",
                  refund.points > 0 ? formatPoints(points(refund.points)) : "",
                ]
                  .filter(Boolean)
                  .join(" и ") || "Без денег и баллов"}
              </span>
              <span className={`admin-pill admin-pill--refund-${refund.status}`}>{refund.statusText}</span>
            </div>
            <p className="admin-payments__facts">{formatDateTime(refund.createdAt)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
