import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ordersQuery } from "#app/features/orders/api.ts";
import { OrderList } from "#app/features/orders/components/order-list.tsx";
import { OrdersStyles } from "#app/features/orders/orders-styles.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-orders";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) =>
  loadPersonalPage(args, "Мои заказы", async (queries, api) => {
    await queries.ensureQueryData(ordersQuery("active", api));
    return {};
  });

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function Orders({ title }: { title: string }) {
  const { data } = useQuery(ordersQuery("active"));
  const items = data?.items ?? [];
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <h2 className="order-list__tab">Активные</h2>
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">Активных заказов нет</p>
          <p className="empty-state__text">Оформленные заказы появятся здесь, пока их везут к вам.</p>
          <Link className="button button--primary" to="/catalog">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <OrderList items={items} />
      )}
    </>
  );
}

export default function PersonalOrders({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <Orders title={loaderData.seo.h1} />
    </PageDataBoundary>
  );
}
