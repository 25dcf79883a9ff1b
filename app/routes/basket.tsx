import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { basketQuery } from "#app/features/basket/api.ts";
import { BasketContent } from "#app/features/basket/components/basket-page.tsx";
import { productListQuery } from "#app/features/catalog/api.ts";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage } from "#app/lib/personal-page.ts";
import { PersonalPartData, PersonalPartMarker, rendersFrame } from "#app/lib/personal-part.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/basket";

/**
 * A shell with a personal part (ADR 072, 074): the frame is kept for every shopper of a city, and a
 * signed-in shopper's lines are rendered on the server for each request into it, so the first paint
 * shows them. A visitor without a session, a client navigation and an empty basket (its suggestions) get
 * the page rendered whole for the request.
 */
export const handle: RouteHandle = { cache: "shell", part: "basket", query: [] };

/** The empty basket suggests what is bought most. */
const SUGGESTIONS = { sort: "popular", limit: 12, page: 1 } as const;

export async function loader(args: Route.LoaderArgs) {
  // The basket is the page: the first paint shows the shopper's lines (or the empty state with its
  // suggestions), never an empty frame that fills later.
  return loadPersonalPage(
    args,
    "Корзина",
    async (queries, api) => {
      const basket = await queries.ensureQueryData(basketQuery(api));
      if (basket.count === 0) await queries.ensureQueryData(productListQuery(SUGGESTIONS, api));
      return {};
    },
    { shell: {} },
  );
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

/** The frame's render leaves the marker where the server puts the shopper's lines. */
function BasketPart({ title }: { title: string }) {
  const { data } = useQuery(basketQuery());
  if (rendersFrame(data)) return <PersonalPartMarker name="basket" />;
  return <BasketContent title={title} empty={<EmptyBasket />} />;
}

export default function BasketPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <PersonalPartData>
        {/* At hydration the title the server rendered the lines with, which the kept frame may predate. */}
        {(values) => <BasketPart title={values?.title ?? loaderData.seo.h1} />}
      </PersonalPartData>
    </PageDataBoundary>
  );
}
