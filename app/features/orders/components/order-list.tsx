import { Link } from "react-router";
import { BuyAgainButton } from "#app/features/purchases/index.ts";
import { formatDate } from "#app/lib/format.ts";
import { formatCount, formatRub } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import type { OrderStatus } from "#contract/orders.ts";
import { deliveryDayText } from "./order-parts.tsx";

export interface OrderListItem {
  id: number;
  number: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  toPay: number;
  deliveryDates: string[];
  deliveryPlace: string;
  deliveryType: "courier" | "pickup";
  itemsCount: number;
  images: { url: string; alt: string }[];
}

/** Orders that have ended: received, cancelled (an unpaid one that expired too), not collected. */
const ENDED: readonly OrderStatus[] = ["delivered", "cancelled", "not_collected"];

/** The account's orders: number, date, status, sum, pictures, when and where; «Купить снова» once ended. */
export function OrderList({ items }: { items: readonly OrderListItem[] }) {
  return (
    <ul className="order-list">
      {items.map((order) => (
        <li key={order.id} className="order-card">
          <div className="order-card__head">
            <Link className="order-card__number" to={`/personal/orders/${order.id}`}>
              Заказ № {order.number}
            </Link>
            <span className="order-card__date">от {formatDate(order.createdAt)}</span>
            <span className={`order-status order-status--${order.status}`}>{order.statusText}</span>
          </div>
          <ul className="order-card__images" aria-label="Товары заказа">
            {order.images.map((image) => (
              <li key={image.url}>
                <img src={image.url} alt={image.alt} width={64} height={64} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
          <dl className="order-card__facts">
            <div>
              <dt>{order.deliveryType === "pickup" ? "Пункт выдачи" : "Адрес"}</dt>
              <dd>{order.deliveryPlace}</dd>
            </div>
            {order.deliveryDates.length > 0 ? (
              <div>
                <dt>Доставка</dt>
                <dd>{order.deliveryDates.map(deliveryDayText).join(" и ")}</dd>
              </div>
            ) : null}
            <div>
              <dt>{formatCount(order.itemsCount, "товар", "товара", "товаров")}</dt>
              <dd className="order-card__sum">{formatRub(kopecks(order.toPay))}</dd>
            </div>
          </dl>
          {order.status === "awaiting_payment" ? (
            <Link
              className="button button--primary order-card__pay"
              to={`/checkout/steps/payment/${order.id}`}
            >
              Оплатить
            </Link>
          ) : null}
          {ENDED.includes(order.status) ? (
            <div className="order-card__actions">
              <BuyAgainButton what={{ orderId: order.id }} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
