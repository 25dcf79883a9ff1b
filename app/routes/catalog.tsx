import { CatalogTiles } from "#app/features/catalog/components/category-tree.tsx";
import { catalogTilesQuery } from "#app/features/catalog/tiles-api.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/catalog";

export const handle: RouteHandle = { cache: "city", query: [], keepAlive: true };

export async function loader(args: Route.LoaderArgs) {
  const queryClient = loaderQueries(args.context);
  const [tiles, page] = await Promise.all([
    queryClient.ensureQueryData(catalogTilesQuery(serverApi(args.context))),
    loadPageSeo(args, "Каталог товаров", queryClient),
  ]);
  return { ...page, sections: tiles.items, dehydratedState: queryClient.dehydrate() };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description:
      "Все разделы Витрины: электроника, бытовая техника, одежда и обувь, товары для дома, красоты, детей и спорта.",
  });

export default function Catalog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <CatalogTiles sections={loaderData.sections} />
    </>
  );
}
