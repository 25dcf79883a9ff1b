import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "#app/lib/format.ts";
import { Button } from "#app/ui/button.tsx";
import type { BonusEntry } from "#contract/after-sale.ts";
import { formatNumber, formatPoints } from "#contract/format.ts";
import { bonusAccountQuery, bonusHistoryQuery } from "../api.ts";

const dateTime = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** The balance, the cashback on its way, and when each order's part of it becomes spendable. */
export function BonusSummary() {
  const { data } = useQuery(bonusAccountQuery());
  if (!data) return null;
  return (
    <>
      <dl className="bonus-summary">
        <div className="bonus-summary__item bonus-summary__item--main">
          <dt>Доступно</dt>
          <dd data-testid="bonus-balance">{formatPoints(data.balance)}</dd>
        </div>
        <div className="bonus-summary__item">
          <dt>Ожидается кешбэк</dt>
          <dd data-testid="bonus-pending">{formatPoints(data.pending)}</dd>
        </div>
      </dl>
      <p className="bonus-note">1 балл = 1 ₽. Баллами можно оплатить часть заказа при оформлении.</p>
      {data.pendingOrders.length > 0 ? (
        <section className="bonus-section" aria-labelledby="bonus-pending-title">
          <h2 className="bonus-section__title" id="bonus-pending-title">
            Кешбэк в ожидании
          </h2>
          <ul className="bonus-pending">
            {data.pendingOrders.map((p) => (
              <li key={p.orderId} className="bonus-pending__item">
                <Link to={`/personal/orders/${p.orderId}`}>Заказ № {p.number}</Link>
                <strong className="bonus-amount bonus-amount--plus">+{formatPoints(p.points)}</strong>
                <span className="bonus-pending__when">
                  {p.availableAt
                    ? `станет доступен ${formatDate(p.availableAt)}`
                    : "станет доступен после получения заказа"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Entry({ entry }: { entry: BonusEntry }) {
  const sign = entry.amount > 0 ? "+" : "−";
  return (
    <li className="bonus-entry">
      <div className="bonus-entry__what">
        <span className="bonus-entry__kind">{entry.kindText}</span>
        <span className="bonus-entry__meta">
          <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
          {entry.order ? (
            <>
              {" · "}
              <Link to={`/personal/orders/${entry.order.id}`}>Заказ № {entry.order.number}</Link>
            </>
          ) : null}
        </span>
      </div>
      <span className={`bonus-amount bonus-amount--${entry.amount > 0 ? "plus" : "minus"}`}>
        {sign}
        {formatNumber(Math.abs(entry.amount))}
        {entry.bucket === "pending" ? <span className="bonus-entry__pending"> в ожидании</span> : null}
      </span>
    </li>
  );
}

function HistoryPage({
  before,
  last,
  onMore,
}: {
  before: number | null;
  last: boolean;
  onMore: (next: number) => void;
}) {
  const { data, isFetching } = useQuery(bonusHistoryQuery(before));
  if (!data) return null;
  return (
    <>
      {data.items.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
      {last && data.next !== null ? (
        <li className="bonus-history__more">
          <Button variant="secondary" loading={isFetching} onClick={() => onMore(data.next!)}>
            Показать ещё
          </Button>
        </li>
      ) : null}
    </>
  );
}

/** Every accrual, spend, return, reversal and the welcome points, newest first, page after page. */
export function BonusHistory() {
  const { data } = useQuery(bonusHistoryQuery(null));
  const [cursors, setCursors] = useState<number[]>([]);
  if (!data) return null;
  const pages = [null, ...cursors];
  return (
    <section className="bonus-section" aria-labelledby="bonus-history-title">
      <h2 className="bonus-section__title" id="bonus-history-title">
        История
      </h2>
      {data.items.length === 0 ? (
        <p className="bonus-note">Здесь появятся начисления и списания баллов.</p>
      ) : (
        <ul className="bonus-history">
          {pages.map((before, index) => (
            <HistoryPage
              key={before ?? "first"}
              before={before}
              last={index === pages.length - 1}
              onMore={(next) => setCursors((c) => [...c, next])}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
