import type { ReactNode } from "react";
import { imageSrc } from "#app/ui/picture.tsx";
import { deliveryDayWords, localDateTime } from "#contract/delivery-dates.ts";
import { formatPoints, formatRub } from "#contract/format.ts";
import { installmentPlanText, installmentSchedule } from "#contract/installments.ts";
import { kopecks, points } from "#contract/money.ts";
import type { Order } from "#contract/orders.ts";

// The order's answer carries plain numbers until the order's view brands them (ADR 046): each figure is
// branded here, where it is shown, through the checked `kopecks()` / `points()`.

/** «28 ноября» or «завтра, 25 ноября», as the shopper's calendar (Moscow for now) says. */
/** «картой», «через СБП» or «частями», after «Оплачено». */
export function paidWithText(paidWith: Order["paidWith"]): string {
  return paidWith === "sbp" ? "через СБП" : paidWith === "installments" ? "частями" : "картой";
}

/** The installment plan of a paid order, «6 × 1 990 ₽»; null unless it was paid in installments. */
export function installmentPlanOf(order: Order): string | null {
  if (order.paidWith !== "installments" || !order.installmentMonths || order.paidByCard <= 0) return null;
  return installmentPlanText(installmentSchedule(order.paidByCard, order.installmentMonths));
}

/** How the money was paid: «Оплачено частями: 6 × 1 990 ₽», «Оплачено картой 11 940 ₽». */
export function paidText(order: Order): string {
  const plan = installmentPlanOf(order);
  return plan
    ? `Оплачено частями: ${plan}`
    : `Оплачено ${paidWithText(order.paidWith)} ${formatRub(kopecks(order.paidByCard))}`;
}

export function deliveryDayText(date: string): string {
  const today = localDateTime(new Date(), "Europe/Moscow").date;
  const words = deliveryDayWords(date, today);
  const [, month, day] = date.split("-").map(Number);
  const plain = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, (month ?? 1) - 1, day ?? 1)),
  );
  return words === plain ? plain : `${words}, ${plain}`;
}

/** Where and when: the address or the pickup point, and the courier's window. */
export function OrderDelivery({ order }: { order: Order }) {
  const { delivery } = order;
  return (
    <dl className="order-facts">
      <div>
        <dt>{delivery.type === "pickup" ? "Пункт выдачи" : "Курьером"}</dt>
        <dd>
          {delivery.type === "pickup" && delivery.pointName ? `${delivery.pointName}, ` : ""}
          {delivery.address}
          {delivery.flat ? `, кв. ${delivery.flat}` : ""}
        </dd>
      </div>
      {delivery.slot ? (
        <div>
          <dt>Интервал</dt>
          <dd>
            {deliveryDayText(delivery.slot.date)}, с {delivery.slot.startsHour}:00 до {delivery.slot.endsHour}
            :00
          </dd>
        </div>
      ) : null}
      {delivery.type === "pickup" && delivery.hours ? (
        <div>
          <dt>Часы работы</dt>
          <dd>{delivery.hours}</dd>
        </div>
      ) : null}
      <div>
        <dt>Получатель</dt>
        <dd>
          {order.recipient.surname} {order.recipient.name}
        </dd>
      </div>
    </dl>
  );
}

type Shipment = Order["shipments"][number];

/** A date like «5 декабря» from an ISO day. */
const dayText = (date: string) => deliveryDayText(date).replace(/^[^,]+, /, "");

/**
 * Where the parcel is (ADR 053): the expected day until it travels; at the point, until when it waits and
 * the code to give there; then how it ended.
 */
function ShipmentProgress({ shipment, pickup }: { shipment: Shipment; pickup: boolean }) {
  switch (shipment.status) {
    case "ready_for_pickup":
      return (
        <div className="order-shipment__pickup">
          <p className="order-shipment__date">
            Ждёт в пункте выдачи{shipment.storageUntil ? ` до ${dayText(shipment.storageUntil)}` : ""}
          </p>
          {shipment.pickupCode ? (
            <p className="order-shipment__code">
              Код получения <strong>{shipment.pickupCode}</strong>
            </p>
          ) : null}
        </div>
      );
    case "delivered":
    case "not_collected":
    case "cancelled":
      return (
        <p className={`order-shipment__end order-shipment__end--${shipment.status}`}>
          {shipment.statusText}
          {shipment.cancelReason ? ` · ${shipment.cancelReason}` : ""}
        </p>
      );
    default:
      return (
        <p className="order-shipment__date">
          {shipment.status === "assembling" || shipment.status === "in_delivery"
            ? `${shipment.statusText} · `
            : ""}
          {pickup ? "Привезём в пункт выдачи" : "Доставим"} {deliveryDayText(shipment.deliveryDate)}
        </p>
      );
  }
}

/** Every change of the order and its parcels, oldest first, with the time (Moscow). */
export function OrderTimeline({ order }: { order: Order }) {
  const time = new Intl.DateTimeFormat("ru-RU", {
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Moscow",
  });
  const sellerOf = (id: number | null) =>
    order.shipments.length > 1 ? order.shipments.find((s) => s.id === id)?.seller.name : undefined;
  return (
    <ol className="order-timeline">
      {order.timeline.map((event, index) => (
        // Events never change once written: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
        <li key={index} className="order-timeline__event">
          <span className="order-timeline__status">
            {event.status === "awaiting_payment" ? "Оформлен" : event.statusText}
            {sellerOf(event.shipmentId) ? ` · ${sellerOf(event.shipmentId)}` : ""}
          </span>
          <time dateTime={event.at}>{time.format(new Date(event.at))}</time>
        </li>
      ))}
    </ol>
  );
}

/**
 * One block per seller: the date and the products with pictures; `actions` puts what may be done with a
 * parcel under its products (the back office's moves).
 */
export function OrderShipments({
  order,
  actions,
}: {
  order: Order;
  actions?: (shipment: Shipment) => ReactNode;
}) {
  return (
    <ul className="order-shipments">
      {order.shipments.map((shipment, index) => (
        <li key={shipment.seller.id} className="order-shipment">
          <p className="order-shipment__title">
            {order.shipments.length > 1
              ? `Отправление ${index + 1} из ${order.shipments.length}`
              : "Отправление"}
            <span className="order-shipment__seller"> · {shipment.seller.name}</span>
          </p>
          <ShipmentProgress shipment={shipment} pickup={order.delivery.type === "pickup"} />
          <ul className="order-lines">
            {shipment.lines.map((line) => (
              <li key={line.productId} className="order-line">
                {line.image ? (
                  <img
                    src={imageSrc(line.image.url, 160)}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="order-line__no-image" aria-hidden="true" />
                )}
                <span className="order-line__name">{line.name}</span>
                <span className="order-line__qty">
                  {line.quantity} шт. × {formatRub(kopecks(line.price))}
                </span>
              </li>
            ))}
          </ul>
          {actions?.(shipment)}
        </li>
      ))}
    </ul>
  );
}

/** Goods, discount, delivery, points and what the card pays. */
export function OrderTotals({ order, paid }: { order: Order; paid: boolean }) {
  return (
    <dl className="order-totals">
      <div>
        <dt>Товары</dt>
        <dd>{formatRub(kopecks(order.goodsTotal + order.discountTotal))}</dd>
      </div>
      {order.discountTotal > 0 ? (
        <div>
          <dt>Скидка</dt>
          <dd className="order-totals__discount">−{formatRub(kopecks(order.discountTotal))}</dd>
        </div>
      ) : null}
      <div>
        <dt>Доставка</dt>
        <dd>{order.deliveryTotal > 0 ? formatRub(kopecks(order.deliveryTotal)) : "бесплатно"}</dd>
      </div>
      {order.bonusSpent > 0 ? (
        <div>
          <dt>{paid ? "Оплачено баллами" : "Баллами"}</dt>
          <dd>−{formatPoints(points(order.bonusSpent))}</dd>
        </div>
      ) : null}
      {paid && order.paidByCard === 0 ? null : (
        <div className="order-totals__sum">
          <dt>{paid ? `Оплачено ${paidWithText(order.paidWith)}` : "К оплате"}</dt>
          <dd>{formatRub(kopecks(paid ? order.paidByCard : order.toPay))}</dd>
        </div>
      )}
      {paid && installmentPlanOf(order) ? (
        <div>
          <dt>Платежи банку</dt>
          <dd>{installmentPlanOf(order)}</dd>
        </div>
      ) : null}
      {order.cashbackPoints > 0 ? (
        <div className="order-totals__cashback">
          <dt>Кешбэк</dt>
          <dd>+{formatPoints(points(order.cashbackPoints))}</dd>
        </div>
      ) : null}
    </dl>
  );
}
