import { Link } from "react-router";
import { formatDate } from "#app/lib/format.ts";
import type { AppealSummary } from "#contract/support.ts";

/** The shopper's appeals, the latest conversation first; unread answers marked. */
export function AppealList({ items }: { items: readonly AppealSummary[] }) {
  return (
    <ul className="support-list" aria-label="Ваши обращения">
      {items.map((appeal) => (
        <li key={appeal.id}>
          <Link className="support-item" to={`/personal/support/status?id=${appeal.id}`}>
            <span className="support-item__head">
              <span className="support-item__title">
                Обращение № {appeal.id} · {appeal.categoryText}
              </span>
              {appeal.unread > 0 ? (
                <span className="support-unread" data-testid="appeal-unread">
                  {appeal.unread === 1 ? "Новый ответ" : `Новых ответов: ${appeal.unread}`}
                </span>
              ) : null}
            </span>
            <span className="support-item__meta">
              <span className={`support-status support-status--${appeal.status}`}>{appeal.statusText}</span>
              {appeal.order ? <span>Заказ № {appeal.order.number}</span> : null}
              <span>
                Последнее сообщение{" "}
                <time dateTime={appeal.lastMessageAt}>{formatDate(appeal.lastMessageAt)}</time>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
