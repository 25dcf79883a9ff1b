import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { AdminError } from "#app/features/admin/components/admin-error.tsx";
import { adminOrderQuery } from "#app/features/admin/api.ts";
import { OrderCard } from "#app/features/admin/components/order-card.tsx";
import { OrdersStyles } from "#app/features/orders/index.ts";
import { validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/admin-order";

export const handle: RouteHandle = { cache: "personal" };

const paramsSchema = z.object({ orderId: idParam("Page Not Found", 999_999_999_999) });

/** One order's card; an id no order has is the API's 404, said inside the back office. */
export function loader(args: Route.LoaderArgs) {
  const { orderId } = validateParams(paramsSchema, args.params, args.request);
  return loadAdminPage(args, async (queries, api) => {
    const card = await queries.ensureQueryData(adminOrderQuery(orderId, api));
    return { orderId, number: card.order.number };
  });
}

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Заказ № ${data.number}` : "Заказ");

function Card({ orderId }: { orderId: number }) {
  const { data: card } = useQuery(adminOrderQuery(orderId));
  return card ? <OrderCard card={card} /> : null;
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <Card orderId={loaderData.orderId} />
    </PageDataBoundary>
  );
}

/** A refusal (an operator on an admin screen: 403) or a failure, said inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
