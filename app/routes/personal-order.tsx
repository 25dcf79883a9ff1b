import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { z } from "zod";
import { orderQuery } from "#app/features/orders/api.ts";
import {
  OrderDelivery,
  OrderShipments,
  OrderTimeline,
  OrderTotals,
} from "#app/features/orders/components/order-parts.tsx";
import { CancelOrderButton, OrderRefunds } from "#app/features/orders/components/cancel-order.tsx";
import { OrdersStyles } from "#app/features/orders/orders-styles.tsx";
import { ReturnGoodsLink } from "#app/features/refunds/index.ts";
import { BuyAgainButton } from "#app/features/purchases/components/buy-again-button.tsx";
import { formatDate } from "#app/lib/format.ts";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/personal-order";

export const handle: RouteHandle = { cache: "personal" };

const paramsSchema = z.object({ orderId: idParam("Page Not Found", 999_999_999_999) });

/** One of the shopper's orders; another shopper's id is the 404 screen, as if it did not exist. */
export function loader(args: Route.LoaderArgs) {
  const { orderId } = validateParams(paramsSchema, args.params, args.request);
  return loadPersonalPage(args, "Заказ", async (queries, api) => {
    const order = await orNotFound(queries.ensureQueryData(orderQuery(orderId, api)));
    return { orderId, number: order.number };
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  personalPageMeta(data ? { ...data, seo: { ...data.seo, title: `Заказ № ${data.number}` } } : data);

function OrderDetail({ orderId }: { orderId: number }) {
  const { data: order } = useQuery(orderQuery(orderId));
  if (!order) return null;
  const paid = order.status !== "awaiting_payment" && order.status !== "cancelled";
  return (
    <article className="order-detail" aria-labelledby="order-title">
      <p className="order-detail__back">
        <Link to="/personal/orders">← Все заказы</Link>
      </p>
      <div className="order-detail__head">
        <h1 className="page-title" id="order-title">
          Заказ № {order.number}
        </h1>
        <span className={`order-status order-status--${order.status}`}>{order.statusText}</span>
      </div>
      <p className="order-detail__date">от {formatDate(order.createdAt)}</p>
      {order.status === "awaiting_payment" ? (
        <div className="order-detail__pay">
          <p>
            Оплатите до{" "}
            {new Intl.DateTimeFormat("ru-RU", {
              hour: "2-digit",
              minute: "2-digit",
              timeZone: "Europe/Moscow",
            }).format(new Date(order.paymentDeadline))}{" "}
            (мск), иначе заказ отменится.
          </p>
          <Link className="button button--primary" to={`/checkout/steps/payment/${order.id}`}>
            Оплатить
          </Link>
        </div>
      ) : null}
      <div className="order-detail__actions">
        {order.status !== "awaiting_payment" ? <BuyAgainButton what={{ orderId: order.id }} /> : null}
        {order.cancellable ? <CancelOrderButton order={order} /> : null}
        <ReturnGoodsLink order={order} />
      </div>
      <div className="order-detail__grid">
        <section className="order-detail__card" aria-label="Товары">
          <OrderShipments
            order={order}
            actions={(shipment) =>
              // One parcel of several may be called off alone; a single parcel is the whole order's button.
              shipment.cancellable && order.shipments.filter((s) => s.cancellable).length > 1 ? (
                <div className="order-shipment__actions">
                  <CancelOrderButton order={order} shipmentId={shipment.id} />
                </div>
              ) : null
            }
          />
        </section>
        <aside className="order-detail__side">
          <section className="order-detail__card" aria-label="Доставка">
            <OrderDelivery order={order} />
          </section>
          <section className="order-detail__card" aria-label="Сумма">
            <OrderTotals order={order} paid={paid} />
            <OrderRefunds order={order} />
          </section>
          {order.timeline.length > 0 ? (
            <section className="order-detail__card" aria-labelledby="order-history">
              <h2 className="order-detail__subtitle" id="order-history">
                История заказа
              </h2>
              <OrderTimeline order={order} />
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

export default function PersonalOrder({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <OrderDetail orderId={loaderData.orderId} />
    </PageDataBoundary>
  );
}
