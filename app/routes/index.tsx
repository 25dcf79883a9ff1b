import { dehydrate, HydrationBoundary, QueryClient, useQuery } from "@tanstack/react-query";
import { Link, useRouteLoaderData } from "react-router";
import { type ProductListParams, productListQuery, viewedQuery } from "#app/features/catalog/api.ts";
import { categoryHref } from "#app/features/catalog/components/category-tree.tsx";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { siteJsonLd } from "#app/lib/seo/structured-data.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/index";

/** The home page's collections, in the order shoppers see them. */
const COLLECTIONS: { id: string; title: string; params: ProductListParams }[] = [
  { id: "popular", title: "Популярные товары", params: { sort: "popular", limit: 12, page: 1 } },
  { id: "discounts", title: "Скидки дня", params: { sort: "discount", limit: 12, page: 1 } },
  { id: "new", title: "Новинки", params: { sort: "new", limit: 12, page: 1 } },
];

export async function loader(args: Route.LoaderArgs) {
  // Critical data: every collection is awaited so the page paints complete, without spinners.
  const queryClient = new QueryClient();
  const api = serverApi(args.context);
  const [page] = await Promise.all([
    loadPageSeo(args, "Витрина — маркетплейс партнёров банка с кешбэком", queryClient),
    ...COLLECTIONS.map((c) => queryClient.ensureQueryData(productListQuery(c.params, api))),
    // Personal, so not critical: without it the page is still whole.
    queryClient.prefetchQuery(viewedQuery(api)),
  ]);
  return { ...page, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data, {
    description:
      "Покупайте у проверенных продавцов с кешбэком и оплатой баллами: смартфоны, бытовая техника, одежда, товары для дома и детей.",
  }),
  ...(data ? siteJsonLd(data.origin) : []),
];

function Collection({ id, title, params }: (typeof COLLECTIONS)[number]) {
  const { data } = useQuery(productListQuery(params));
  if (!data || data.items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={`home-${id}`}>
      <h2 id={`home-${id}`} className="home-section__title">
        {title}
      </h2>
      <ProductGrid products={data.items} label={title} eagerCount={id === "popular" ? undefined : 0} />
    </section>
  );
}

function RecentlyViewed() {
  const { data } = useQuery(viewedQuery());
  if (!data || data.items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-viewed">
      <h2 id="home-viewed" className="home-section__title">
        Вы недавно смотрели
      </h2>
      <ProductGrid products={data.items} label="Вы недавно смотрели" eagerCount={0} />
    </section>
  );
}

function CategoryTiles() {
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
  if (categories.length === 0) return null;
  return (
    <nav className="home-section" aria-labelledby="home-categories">
      <h2 id="home-categories" className="visually-hidden">
        Разделы каталога
      </h2>
      <ul className="category-tiles">
        {categories.map((c) => (
          <li key={c.id}>
            <Link className="category-tile" to={categoryHref(c)}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
      <CategoryTiles />
      {COLLECTIONS.map((c) => (
        <Collection key={c.id} {...c} />
      ))}
      <RecentlyViewed />
    </HydrationBoundary>
  );
}
