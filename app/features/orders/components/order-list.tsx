import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "#app/lib/format.ts";
import { imageSrc } from "#app/ui/picture.tsx";
import { localDateTime } from "#contract/delivery-dates.ts";
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
  goodsTotal: number;
  deliveryTotal: number;
  deliveryDates: string[];
  deliveryPlace: string;
  deliveryType: "courier" | "pickup";
  itemsCount: number;
  images: { url: string; alt: string }[];
  shipments: ShipmentSummary[];
}

export interface ShipmentSummary {
  id: number;
  seller: string;
  status: OrderStatus;
  statusText: string;
  deliveryDate: string;
  storageUntil: string | null;
  deliveredAt: string | null;
}

/** Where a parcel is, and the day that matters now (with its own lead-in): received, kept until, expected. */
function shipmentState(s: ShipmentSummary): { status: string; day: string | null } {
  const day = (date: string) => deliveryDayText(date);
  switch (s.status) {
    case "delivered":
      return {
        status: "Получен",
        day: s.deliveredAt ? day(localDateTime(new Date(s.deliveredAt), "Europe/Moscow").date) : null,
      };
    case "ready_for_pickup":
      return { status: "Ждёт в пункте выдачи", day: s.storageUntil ? `до ${day(s.storageUntil)}` : null };
    case "cancelled":
    case "not_collected":
      return { status: s.statusText, day: null };
    default:
      return { status: s.statusText, day: `· доставка ${day(s.deliveryDate)}` };
  }
}

/** Orders that have ended: received, cancelled (an unpaid one that expired too), not collected. */
const ENDED: readonly OrderStatus[] = ["delivered", "cancelled", "not_collected"];

/** The account's orders: number, date, status, sum, pictures, when and where; «Купить снова» once ended. */
export function OrderList({
  items,
  endedActions,
}: {
  items: readonly OrderListItem[];
  /** What an ended order offers (the route's «Купить снова»). */
  endedActions?: (order: OrderListItem) => ReactNode;
}) {
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
                <img
                  src={imageSrc(image.url, 160)}
                  alt={image.alt}
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
          <ul className="order-card__shipments" aria-label="Отправления">
            {order.shipments.map((shipment, index) => {
              const state = shipmentState(shipment);
              return (
                <li key={shipment.id} className="order-card__shipment">
                  <span className="order-card__shipment-seller">
                    {order.shipments.length > 1 ? `Отправление ${index + 1}` : "Отправление"} ·{" "}
                    {shipment.seller}
                  </span>
                  <span>
                    <strong>{state.status}</strong>
                    {state.day ? ` ${state.day}` : ""}
                  </span>
                </li>
              );
            })}
          </ul>
          <dl className="order-card__facts">
            <div>
              <dt>{order.deliveryType === "pickup" ? "Пункт выдачи" : "Адрес"}</dt>
              <dd>{order.deliveryPlace}</dd>
            </div>
            <div>
              <dt>{formatCount(order.itemsCount, "товар", "товара", "товаров")}</dt>
              {/* What the order costs, whatever paid it: points can cover all of it. */}
              <dd className="order-card__sum">
                {formatRub(kopecks(order.goodsTotal + order.deliveryTotal))}
              </dd>
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
          {endedActions && ENDED.includes(order.status) ? (
            <div className="order-card__actions">{endedActions(order)}</div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
