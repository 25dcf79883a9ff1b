import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { OrderDelivery, OrderShipments, OrderTotals } from "#app/features/orders/index.ts";
import { formatPhone } from "#app/ui/phone-mask.ts";
import { STAFF_CANCELLABLE } from "#contract/cancellation-rules.ts";
import type { StaffOrderCard } from "#contract/staff.ts";
import { Button } from "#app/ui/button.tsx";
import { CancelDialog } from "./cancel-dialog.tsx";
import { OrderHistory } from "./order-history.tsx";
import { OrderRefunds } from "./order-refunds.tsx";
import { formatDateTime } from "../format.ts";
import { OrderNotes } from "./order-notes.tsx";
import { OrderPayments } from "./order-payments.tsx";
import { ShipmentMoves } from "./shipment-moves.tsx";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The order as an operator works it: the parcels with the moves each allows now, the notes; beside them
 * the shopper, the delivery, the payments, the sums and the history. Cancelling (the order or, when it has
 * several, one parcel) asks for a reason first.
 */
export function OrderCard({ card }: { card: StaffOrderCard }) {
  const { order, shopper } = card;
  const [cancelling, setCancelling] = useState<{ shipment?: { id: number; seller: string } } | null>(null);
  const cancellable = order.shipments.filter((s) => STAFF_CANCELLABLE.includes(s.status));
  const paid = order.status !== "awaiting_payment" && order.status !== "cancelled";
  const shopperName = [shopper.name, shopper.surname].filter(Boolean).join(" ");
  return (
    <article className="admin-order" aria-labelledby="admin-order-title">
      <p className="admin-back">
        <Link to="/admin">← Все заказы</Link>
      </p>
      <header className="admin-order__head">
        <h1 className="admin-title" id="admin-order-title">
          Заказ № {order.number}
        </h1>
        <span className={`order-status order-status--${order.status}`} data-testid="admin-order-status">
          {order.statusText}
        </span>
        <p className="admin-muted admin-order__date">Оформлен {formatDateTime(order.createdAt)}</p>
        {cancellable.length > 0 ? (
          <Button variant="secondary" className="admin-order__cancel" onClick={() => setCancelling({})}>
            Отменить заказ
          </Button>
        ) : null}
      </header>
      <div className="admin-order__grid">
        <div>
          <Section title="Отправления" id="admin-order-shipments">
            <OrderShipments
              order={order}
              actions={(shipment) => (
                <ShipmentMoves
                  order={order}
                  shipment={shipment}
                  onCancel={
                    order.shipments.length > 1 && cancellable.includes(shipment)
                      ? () => setCancelling({ shipment: { id: shipment.id, seller: shipment.seller.name } })
                      : undefined
                  }
                />
              )}
            />
          </Section>
          <Section title="Заметки сотрудников" id="admin-order-notes">
            <OrderNotes orderId={order.id} notes={card.notes} />
          </Section>
        </div>
        <div>
          <Section title="Покупатель" id="admin-order-shopper">
            <dl className="order-facts">
              <div>
                <dt>Телефон</dt>
                <dd>{shopper.phone ? formatPhone(shopper.phone) : "—"}</dd>
              </div>
              {shopperName ? (
                <div>
                  <dt>Имя</dt>
                  <dd>{shopperName}</dd>
                </div>
              ) : null}
              {shopper.phone ? (
                <div>
                  <dt>Заказы</dt>
                  <dd>
                    <Link to={`/admin?phone=${encodeURIComponent(shopper.phone)}`}>
                      Все заказы покупателя
                    </Link>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Телефон получателя</dt>
                <dd>{formatPhone(order.recipient.phone)}</dd>
              </div>
            </dl>
          </Section>
          <Section title="Доставка" id="admin-order-delivery">
            <OrderDelivery order={order} />
          </Section>
          <Section title="Оплата" id="admin-order-payments">
            <OrderTotals order={order} paid={paid} />
            <h3 className="admin-subtitle">Платежи</h3>
            <OrderPayments payments={card.payments} />
            <OrderRefunds order={order} />
          </Section>
          <Section title="История" id="admin-order-history">
            <OrderHistory order={order} history={card.history} />
          </Section>
        </div>
      </div>
      {cancelling ? (
        <CancelDialog orderId={order.id} shipment={cancelling.shipment} onClose={() => setCancelling(null)} />
      ) : null}
    </article>
  );
}
