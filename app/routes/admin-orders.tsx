import { useQuery } from "@tanstack/react-query";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { AdminError } from "#app/features/admin/components/admin-error.tsx";
import { adminOrdersQuery, adminSellersQuery, fetchAdminOrders } from "#app/features/admin/api.ts";
import { AdminOrderTable } from "#app/features/admin/components/admin-order-table.tsx";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { OrderFiltersForm } from "#app/features/admin/components/order-filters-form.tsx";
import { ORDER_FILTER_NAMES, type OrderFilters } from "#app/features/admin/order-filters.ts";
import { refusalText } from "#app/features/admin/refusal.ts";
import { filtersSearch, readFilters } from "#app/features/admin/url-filters.ts";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { OrdersStyles } from "#app/features/orders/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-orders";

export const handle: RouteHandle = { cache: "personal" };

/**
 * The back office's orders: the filters in the address, the first page awaited (the operator came for
 * it). A filter the API refuses (a number typed wrong) is said above an empty list, not an error screen.
 */
export function loader(args: Route.LoaderArgs) {
  const filters = readFilters(new URL(args.request.url).searchParams, ORDER_FILTER_NAMES);
  return loadAdminPage(args, async (queries, api) => {
    const sellers = queries.prefetchQuery(adminSellersQuery(api));
    try {
      await queries.ensureQueryData(adminOrdersQuery(filters, api));
      return { filters, refused: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return { filters, refused: refusalText(error) };
      throw error;
    } finally {
      await sellers;
    }
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Заказы");

function Orders({ filters, refused }: { filters: OrderFilters; refused: string | null }) {
  const { data: sellers } = useQuery(adminSellersQuery());
  const { data: first } = useQuery({ ...adminOrdersQuery(filters), enabled: refused === null });
  const { items, next, loadMore } = useMorePages(first, (before) => fetchAdminOrders(filters, before));
  const search = filtersSearch(filters, ORDER_FILTER_NAMES);
  return (
    <>
      <h1 className="admin-title">Заказы</h1>
      {/* Keyed by the address: Back and «Сбросить» show the filters of the view they lead to. */}
      <OrderFiltersForm key={search} filters={filters} sellers={sellers?.items ?? []} />
      {refused ? (
        <p className="admin-notice" role="alert">
          {refused}
        </p>
      ) : items.length === 0 ? (
        <p className="admin-card admin-muted">Заказов с такими условиями нет.</p>
      ) : (
        <>
          <AdminOrderTable items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <Orders filters={loaderData.filters} refused={loaderData.refused} />
    </PageDataBoundary>
  );
}

/** A refusal (an operator on an admin screen: 403) or a failure, said inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
