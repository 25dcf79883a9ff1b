import type { ReactNode } from "react";
import { formatPoints, formatRub } from "#contract/format.ts";
import { type Kopecks, type Points, pointsToKopecks } from "#contract/money.ts";

export interface SummaryFigures {
  quantity: number;
  /** The goods at their prices before discounts (the basket's `goods`; an order's goodsTotal + discountTotal). */
  goods: Kopecks;
  discount: Kopecks;
  delivery: Kopecks;
  /** Points spent (payment step). */
  bonus?: Points;
  cashbackPoints: Points;
  toPay: Kopecks;
}

/**
 * The order's sums beside the form (sticky on a desktop) and its main button; on a phone the button and
 * the sum to pay also sit in a bar fixed at the bottom of the screen (`bar`).
 */
export function OrderSummary({
  figures,
  action,
  note,
  id,
}: {
  figures: SummaryFigures;
  action: ReactNode;
  note?: ReactNode;
  id?: string;
}) {
  return (
    <aside className="co-summary" aria-labelledby={`${id ?? "co-summary"}-title`}>
      <div className="co-summary__card">
        <h2 className="co-summary__title" id={`${id ?? "co-summary"}-title`}>
          Ваш заказ
        </h2>
        <dl className="co-summary__rows">
          <div className="co-summary__row">
            <dt>Товары, {figures.quantity} шт.</dt>
            <dd>{formatRub(figures.goods)}</dd>
          </div>
          {figures.discount > 0 ? (
            <div className="co-summary__row co-summary__row--discount">
              <dt>Скидка</dt>
              <dd>−{formatRub(figures.discount)}</dd>
            </div>
          ) : null}
          <div className="co-summary__row">
            <dt>Доставка</dt>
            <dd>{figures.delivery === 0 ? "Бесплатно" : formatRub(figures.delivery)}</dd>
          </div>
          {figures.bonus ? (
            <div className="co-summary__row co-summary__row--discount">
              <dt>Баллами</dt>
              <dd>−{formatRub(pointsToKopecks(figures.bonus))}</dd>
            </div>
          ) : null}
          <div className="co-summary__row co-summary__row--total">
            <dt>Итого</dt>
            <dd>{formatRub(figures.toPay)}</dd>
          </div>
        </dl>
        {figures.cashbackPoints > 0 ? (
          <p className="co-summary__cashback">Вернётся {formatPoints(figures.cashbackPoints)} кешбэком</p>
        ) : null}
        <div className="co-summary__action">{action}</div>
        {note ? <div className="co-summary__note">{note}</div> : null}
      </div>
    </aside>
  );
}

/** The phone's bottom bar: the sum to pay and the step's button, always in reach of the thumb. */
export function SummaryBar({ toPay, action }: { toPay: Kopecks; action: ReactNode }) {
  return (
    <div className="co-bar">
      <div className="co-bar__sum">
        <span className="co-bar__label">Итого</span>
        <span className="co-bar__value">{formatRub(toPay)}</span>
      </div>
      <div className="co-bar__action">{action}</div>
    </div>
  );
}
