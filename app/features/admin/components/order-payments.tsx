import { PAYMENT_STATUS_TEXT } from "#contract/order-states.ts";
import { formatRub } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import type { StaffPayment } from "#contract/staff.ts";
import { formatDateTime } from "../format.ts";

const METHOD_TEXT: Record<StaffPayment["method"], string> = {
  card: "Картой",
  sbp: "Через СБП",
  points: "Баллами",
  installments: "Частями",
};

/** Every attempt to pay the order: how, in what state, how much, and how much went back. */
export function OrderPayments({ payments }: { payments: readonly StaffPayment[] }) {
  if (payments.length === 0)
    return <p className="admin-muted">Платежей не было: заказ оплачен баллами или ещё не оплачивался.</p>;
  return (
    <ul className="admin-payments">
      {payments.map((p) => (
        <li key={p.id} className="admin-payments__item">
          <div className="admin-payments__head">
            <span>
              {METHOD_TEXT[p.method]} · попытка {p.attempt}
            </span>
            <span className={`admin-pill admin-pill--${p.status}`}>{PAYMENT_STATUS_TEXT[p.status]}</span>
          </div>
          <dl className="admin-payments__facts">
            <div>
              <dt>Сумма</dt>
              <dd>{formatRub(kopecks(p.amount))}</dd>
            </div>
            {p.refundedAmount > 0 ? (
              <div>
                <dt>Возвращено</dt>
                <dd>{formatRub(kopecks(p.refundedAmount))}</dd>
              </div>
            ) : null}
            <div>
              <dt>Создан</dt>
              <dd>{formatDateTime(p.createdAt)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
