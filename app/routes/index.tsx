import { dehydrate, HydrationBoundary, QueryClient, useQuery } from "@tanstack/react-query";
import { productListQuery } from "#app/features/catalog/api.ts";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { Route } from "./+types/index";

const POPULAR = { sort: "popular", limit: 24, page: 1 } as const;

export async function loader(args: Route.LoaderArgs) {
  // Critical data: the first screen of products is awaited so the page paints complete, without a spinner.
  const queryClient = new QueryClient();
  const [, page] = await Promise.all([
    queryClient.ensureQueryData(productListQuery(POPULAR, serverApi(args.context))),
    loadPageSeo(args, "Витрина — маркетплейс партнёров банка с кешбэком", queryClient),
  ]);
  return { ...page, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description:
      "Покупайте у проверенных продавцов с кешбэком и оплатой баллами: смартфоны, бытовая техника, одежда, товары для дома и детей.",
  });

function PopularProducts() {
  const { data } = useQuery(productListQuery(POPULAR));
  return data ? <ProductGrid products={data.items} label="Популярные товары" /> : null;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
      <h2 className="page-title">Популярные товары</h2>
      <PopularProducts />
    </HydrationBoundary>
  );
}
