import { Link } from "react-router";
import { formatDate } from "#app/lib/format.ts";
import { imageSrc } from "#app/ui/picture.tsx";
import { formatPoints, formatRub } from "#contract/format.ts";
import type { ReturnSummary } from "#contract/returns.ts";

/** What the request gives back: «950 ₽ и 50 баллов». */
export function refundSum(r: Pick<ReturnSummary, "amount" | "points">): string {
  const parts: string[] = [];
  if (r.amount > 0) parts.push(formatRub(r.amount));
  if (r.points > 0) parts.push(formatPoints(r.points));
  return parts.join(" и ") || "—";
}

/** The shopper's return requests, newest first: each a card that opens the request. */
export function RefundList({ items }: { items: readonly ReturnSummary[] }) {
  return (
    <ul className="refund-list">
      {items.map((r) => (
        <li key={r.id} className="refund-card">
          <Link className="refund-card__link" to={`/personal/refunds/${r.id}`}>
            <span className="refund-card__head">
              <span className="refund-card__title">Возврат № {r.id}</span>
              <span className={`refund-status refund-status--${r.status}`}>{r.statusText}</span>
            </span>
            <span className="refund-card__facts">
              Заказ № {r.order.number} · от {formatDate(r.createdAt)} · {r.reasonText}
            </span>
            <span className="refund-card__items">
              {r.lines.map((l) => (
                <span key={l.lineId} className="refund-card__item">
                  {l.image ? (
                    <img src={imageSrc(l.image.url, 160)} alt="" width={48} height={48} loading="lazy" />
                  ) : null}
                  <span>
                    {l.name}
                    {l.quantity > 1 ? ` × ${l.quantity}` : ""}
                  </span>
                </span>
              ))}
            </span>
            <span className="refund-card__sum">К возврату: {refundSum(r)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
