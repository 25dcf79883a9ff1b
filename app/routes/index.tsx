import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { productListQuery, viewedQuery } from "#app/features/catalog/api.ts";
import { type HomeCollection, homeCollections } from "#app/features/catalog/collections.ts";
import { categoryHref } from "#app/features/catalog/components/category-tree.tsx";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { unwrap } from "#app/lib/api-client.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { useFeature } from "#app/lib/features.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { ALL_BARS, type RouteHandle } from "#app/lib/route-meta.ts";
import { siteJsonLd } from "#app/lib/seo/structured-data.ts";
import { useNearViewport } from "#app/ui/use-near-viewport.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/index";

/** Home: the same for everyone in one city (the header's city). */
export const handle: RouteHandle = { cache: "city", query: [], keepAlive: true, ...ALL_BARS };

export async function loader(args: Route.LoaderArgs) {
  // Critical data: every collection is awaited so the page paints complete, without spinners.
  // "Recently viewed" is personal, so it loads in the browser: this HTML is the same for every visitor
  // and the server keeps one copy of it (ADR 012).
  const queryClient = loaderQueries(args.context);
  const api = serverApi(args.context);
  const [page] = await Promise.all([
    loadPageSeo(args, "Витрина — маркетплейс партнёров банка с кешбэком", queryClient),
    // Which collections there are depends on the features (the root loader reads the same config).
    unwrap(api.config.$get()).then((config) =>
      Promise.all(
        homeCollections(config.features).map((c) =>
          queryClient.ensureQueryData(productListQuery(c.params, api)),
        ),
      ),
    ),
  ]);
  return { ...page, dehydratedState: queryClient.dehydrate() };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data, {
    description:
      "Покупайте у проверенных продавцов с кешбэком и оплатой баллами: смартфоны, бытовая техника, одежда, товары для дома и детей.",
  }),
  ...(data ? siteJsonLd(data.origin) : []),
];

function Collection({ id, title, params, more }: HomeCollection) {
  const { data } = useQuery(productListQuery(params));
  if (!data || data.items.length === 0) return null;
  const heading = (
    <h2 id={`home-${id}`} className="home-section__title">
      {title}
    </h2>
  );
  return (
    <section className="home-section" aria-labelledby={`home-${id}`}>
      {more ? (
        <div className="home-section__head">
          {heading}
          <Link className="home-section__more" to={more.href}>
            {more.text}
          </Link>
        </div>
      ) : (
        heading
      )}
      <ProductGrid products={data.items} label={title} eagerCount={id === "popular" ? undefined : 0} />
    </section>
  );
}

function RecentlyViewed() {
  // Personal and at the bottom: fetched when the shopper scrolls near, not while the page starts up.
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearViewport(anchor);
  const { data } = useQuery({ ...viewedQuery(), enabled: near });
  if (!data || data.items.length === 0) return <div ref={anchor} />;
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
  const topProfit = useFeature("topProfit");
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
      <CategoryTiles />
      {homeCollections({ topProfit }).map((c) => (
        <Collection key={c.id} {...c} />
      ))}
      <RecentlyViewed />
    </PageDataBoundary>
  );
}
