import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Link } from "react-router";
import { useSignedInHint } from "#app/features/account/index.ts";
import { viewedQuery } from "#app/features/catalog/api.ts";
import { type HomeCollection, homeCollections } from "#app/features/catalog/collections.ts";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { homeCollectionQuery, homePurchasesQuery, homeQuery } from "#app/features/home/api.ts";
import { BannerRow } from "#app/features/home/components/banner-row.tsx";
import { SectionTiles } from "#app/features/home/components/section-tiles.tsx";
import { shopConfig } from "#app/lib/shop-config.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { useFeature } from "#app/lib/features.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { ALL_BARS, type RouteHandle } from "#app/lib/route-meta.ts";
import { siteJsonLd } from "#app/lib/seo/structured-data.ts";
import { useNearViewport } from "#app/ui/use-near-viewport.ts";
import type { ProductCard } from "#contract/catalog.ts";
import type { Route } from "./+types/index";

/** Home: the same for everyone in one city (the header's city). */
export const handle: RouteHandle = { cache: "city", query: [], keepAlive: true, ...ALL_BARS };

export async function loader(args: Route.LoaderArgs) {
  // Critical data: banners, sections and every collection are awaited so the page paints complete,
  // without spinners. What is personal («Вы смотрели», «Вы покупали») loads in the browser: this HTML
  // is the same for every visitor and the server keeps one copy of it (ADR 012, ADR 067).
  const queryClient = loaderQueries(args.context);
  const api = serverApi(args.context);
  const [page] = await Promise.all([
    loadPageSeo(args, "Витрина — маркетплейс партнёров банка с кешбэком", queryClient),
    queryClient.ensureQueryData(homeQuery(api)),
    // Which collections there are depends on the features (the root loader reads the same config).
    shopConfig(args.context, api).then((config) =>
      Promise.all(
        homeCollections(config.features).map((c) =>
          queryClient.ensureQueryData(homeCollectionQuery(c.params, api)),
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

function Shelf({
  id,
  title,
  products,
  more,
}: {
  id: string;
  title: string;
  products: ProductCard[];
  more: { href: string; text: string };
}) {
  return (
    <section className="home-section" aria-labelledby={`home-${id}`}>
      <div className="home-section__head">
        <h2 id={`home-${id}`} className="home-section__title">
          {title}
        </h2>
        <Link className="home-section__more" to={more.href} aria-label={`${more.text}: ${title}`}>
          {more.text}
        </Link>
      </div>
      {/* Below the banners and the sections on every screen: every card's picture loads lazily. */}
      <ProductGrid products={products} label={title} eagerCount={0} />
    </section>
  );
}

function Collection({ id, title, params, more }: HomeCollection) {
  const { data } = useQuery(homeCollectionQuery(params));
  if (!data || data.items.length === 0) return null;
  return <Shelf id={id} title={title} products={data.items} more={more} />;
}

/**
 * «Вы смотрели» and «Вы покупали»: personal, so asked for in the browser once the shopper scrolls near
 * (never while the page starts up, never on the server); purchases only for a signed-in shopper.
 */
function PersonalShelves() {
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearViewport(anchor);
  const hint = useSignedInHint();
  const viewed = useQuery({ ...viewedQuery(), enabled: near });
  const purchases = useQuery({ ...homePurchasesQuery(hint ?? ""), enabled: near && hint !== undefined });
  const bought = (purchases.data?.items ?? []).map((p) => p.product).slice(0, 6);
  return (
    <div ref={anchor}>
      {viewed.data && viewed.data.items.length > 0 ? (
        <Shelf
          id="viewed"
          title="Вы смотрели"
          products={viewed.data.items.slice(0, 6)}
          more={{ href: "/personal/viewed", text: "Смотреть все" }}
        />
      ) : null}
      {hint !== undefined && bought.length > 0 ? (
        <Shelf
          id="purchased"
          title="Вы покупали"
          products={bought}
          more={{ href: "/personal/purchases", text: "Смотреть все" }}
        />
      ) : null}
    </div>
  );
}

function HomeTop() {
  const { data } = useQuery(homeQuery());
  if (!data) return null;
  return (
    <>
      <BannerRow banners={data.banners} />
      <SectionTiles categories={data.categories} />
    </>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const topProfit = useFeature("topProfit");
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
      <HomeTop />
      {homeCollections({ topProfit }).map((c) => (
        <Collection key={c.id} {...c} />
      ))}
      <PersonalShelves />
    </PageDataBoundary>
  );
}
