import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { clearViewedHistory, viewedQuery } from "#app/features/catalog/api.ts";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { Route } from "./+types/personal-viewed";

export const handle: RouteHandle = { cache: "personal" };

/** Everything the account keeps (the API keeps the newest 50 views). */
const VIEWED_LIMIT = 50;

export const loader = (args: Route.LoaderArgs) =>
  loadPersonalPage(args, "Просмотренные товары", async (queries, api) => {
    await queries.ensureQueryData(viewedQuery(api, VIEWED_LIMIT));
    return {};
  });

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function Viewed({ title }: { title: string }) {
  const queryClient = useQueryClient();
  const query = viewedQuery(undefined, VIEWED_LIMIT);
  const { data: viewed } = useQuery(query);
  const items = viewed?.items ?? [];

  const clear = async () => {
    const previous = queryClient.getQueryData(query.queryKey);
    queryClient.setQueryData(query.queryKey, { items: [] });
    try {
      await clearViewedHistory();
    } catch {
      if (previous) queryClient.setQueryData(query.queryKey, previous);
      showToast({ type: "error", title: "Не удалось очистить историю", text: "Попробуйте ещё раз" });
    } finally {
      // The home page's strip shows the same views.
      void queryClient.invalidateQueries({ queryKey: ["catalog", "viewed"] });
    }
  };

  return (
    <>
      <div className="personal-products__bar">
        <h1 className="page-title">{title}</h1>
        {items.length > 0 ? (
          <button type="button" className="personal-products__clear" onClick={clear}>
            Очистить историю
          </button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">Вы ещё ничего не смотрели</p>
          <p className="empty-state__text">Здесь появятся товары, которые вы открывали.</p>
          <Link className="button button--primary" to="/catalog">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <ProductGrid products={items} label="Просмотренные товары" />
      )}
    </>
  );
}

export default function PersonalViewed({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <PageDataBoundary state={loaderData.dehydratedState}>
        <Viewed title={loaderData.seo.h1} />
      </PageDataBoundary>
    </section>
  );
}
