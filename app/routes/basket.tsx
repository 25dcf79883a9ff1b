import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { basketQuery } from "#app/features/basket/api.ts";
import { BasketView } from "#app/features/basket/components/basket-view.tsx";
import { PlacementProblems } from "#app/features/basket/components/placement-problems.tsx";
import { productListQuery } from "#app/features/catalog/api.ts";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { formatCount } from "#contract/format.ts";
import type { Route } from "./+types/basket";

export const handle: RouteHandle = { cache: "personal" };

/** The empty basket suggests what is bought most. */
const SUGGESTIONS = { sort: "popular", limit: 12, page: 1 } as const;

export async function loader(args: Route.LoaderArgs) {
  // The basket is the page: the first paint shows the shopper's lines (or the empty state with its
  // suggestions), never an empty frame that fills later.
  return loadPersonalPage(args, "Корзина", async (queries, api) => {
    const basket = await queries.ensureQueryData(basketQuery(api));
    if (basket.count === 0) await queries.ensureQueryData(productListQuery(SUGGESTIONS, api));
    return {};
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description:
      "Корзина Витрины: оформите заказ с доставкой курьером или в пункт выдачи и оплатите частично баллами.",
  });

function EmptyBasket() {
  const { data } = useQuery(productListQuery(SUGGESTIONS));
  return (
    <>
      <div className="empty-state basket-empty">
        <p className="empty-state__title">В корзине пока пусто</p>
        <p className="empty-state__text">
          Загляните в каталог или выберите из того, что покупают чаще всего.
        </p>
        <Link className="button button--primary" to="/catalog">
          Перейти в каталог
        </Link>
      </div>
      {data && data.items.length > 0 ? (
        <section className="basket-suggestions" aria-labelledby="basket-suggestions-title">
          <h2 id="basket-suggestions-title">Популярные товары</h2>
          {/* The first row's pictures are the empty page's largest paint: fetched at once, not lazily. */}
          <ProductGrid products={data.items} label="Популярные товары" eagerCount={2} />
        </section>
      ) : null}
    </>
  );
}

function BasketTitle({ title }: { title: string }) {
  const { data } = useQuery(basketQuery());
  const count = data?.count ?? 0;
  return (
    <h1 className="page-title basket-title">
      {title}
      {count > 0 ? (
        <span className="basket-title__count">{formatCount(count, "товар", "товара", "товаров")}</span>
      ) : null}
    </h1>
  );
}

export default function BasketPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <section className="basket-page">
        <BasketTitle title={loaderData.seo.h1} />
        <PlacementProblems />
        <BasketView empty={<EmptyBasket />} />
      </section>
    </PageDataBoundary>
  );
}
