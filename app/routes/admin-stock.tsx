import { useQuery } from "@tanstack/react-query";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { StockList, StockSearch } from "#app/features/admin/components/stock-desk.tsx";
import { stockQuery } from "#app/features/admin/operations-api.ts";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { refusalText } from "#app/features/admin/refusal.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-stock";

export const handle: RouteHandle = { cache: "personal" };

/** Stock by hand (issue 20, point 10): the search in the address, its results awaited. */
export function loader(args: Route.LoaderArgs) {
  const q = new URL(args.request.url).searchParams.get("q")?.trim() ?? "";
  return loadAdminPage(args, async (queries, api) => {
    if (!q) return { q, refused: null };
    try {
      await queries.ensureQueryData(stockQuery(q, api));
      return { q, refused: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return { q, refused: refusalText(error) };
      throw error;
    }
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Склад");

function Stock({ q, refused }: { q: string; refused: string | null }) {
  const { data } = useQuery({ ...stockQuery(q), enabled: q !== "" && refused === null });
  return (
    <>
      <h1 className="admin-title">Склад</h1>
      <p className="ops-lead">
        На складе — всё, что лежит на полке, вместе с резервом: товарами заказов, которые ещё не переданы в
        доставку. К продаже доступно остальное. Когда доступных не остаётся, витрина показывает «Нет в
        наличии».
      </p>
      {/* Keyed by the search: Back shows the query of the view it leads to. */}
      <StockSearch key={q} q={q} />
      {refused ? (
        <p className="ops-notice" role="alert">
          {refused}
        </p>
      ) : !q ? null : (data?.items.length ?? 0) === 0 ? (
        <p className="admin-card admin-muted">Товаров по запросу «{q}» не нашлось.</p>
      ) : (
        <StockList q={q} items={data?.items ?? []} />
      )}
    </>
  );
}

export default function AdminStock({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <Stock q={loaderData.q} refused={loaderData.refused} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
