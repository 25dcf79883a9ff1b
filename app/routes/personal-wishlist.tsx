import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ProductCard } from "#app/features/catalog/components/product-card.tsx";
import { setWished, wishlistIdsQuery, wishlistQuery } from "#app/features/wishlist/api.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { formatCount } from "#contract/format.ts";
import type { Route } from "./+types/personal-wishlist";

export const handle: RouteHandle = { cache: "personal" };

const IN_STOCK_PARAM = "inStock";

export async function loader(args: Route.LoaderArgs) {
  const inStock = new URL(args.request.url).searchParams.get(IN_STOCK_PARAM) === "1";
  // The list is the page: the first paint shows the shopper's products.
  return loadPersonalPage(args, "Избранное", async (queries, api) => {
    await queries.ensureQueryData(wishlistQuery(inStock, api));
    return { inStock };
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function Wishlist({ inStock }: { inStock: boolean }) {
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  // The box changes at the click, while the filtered list loads; then it follows the URL (back, forward).
  const [checked, setChecked] = useState(inStock);
  useEffect(() => setChecked(inStock), [inStock]);
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: wishlist } = useQuery(wishlistQuery(inStock));
  // A product taken out here (its heart or «Удалить») leaves the page at once: the hearts' ids change
  // before the list is fetched again, and bring it back if the removal fails.
  const { data: ids } = useQuery(wishlistIdsQuery());
  const wished = ids ? new Set(ids.productIds) : undefined;
  const items = (wishlist?.items ?? []).filter((item) => !wished || wished.has(item.productId));
  const total = ids?.productIds.length ?? wishlist?.total ?? 0;

  const remove = (productId: number, name: string, event: MouseEvent<HTMLButtonElement>) => {
    // The card goes at once: focus moves to the next card's button (or the previous one's), else the title.
    const row = event.currentTarget.closest("li");
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLElement>(
      ".personal-products__remove",
    );
    (neighbour ?? heading.current)?.focus();
    setWished(queryClient, productId, false).catch(() =>
      showToast({
        type: "error",
        group: "wishlist",
        title: "Не удалось убрать из избранного",
        text: `«${name}» осталось в избранном. Попробуйте ещё раз`,
      }),
    );
  };

  return (
    <>
      <h1 className="page-title" ref={heading} tabIndex={-1}>
        Избранное
      </h1>
      {total === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">В избранном пусто</p>
          <p className="empty-state__text">Нажмите на сердечко в карточке товара, чтобы отложить его.</p>
          <Link className="button button--primary" to="/catalog">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <>
          <div className="personal-products__bar">
            <p className="personal-products__count" aria-live="polite">
              {inStock
                ? `В наличии ${items.length} из ${total}`
                : formatCount(total, "товар", "товара", "товаров")}
            </p>
            <label className="personal-products__toggle">
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChecked(on);
                  setSearchParams(on ? { [IN_STOCK_PARAM]: "1" } : {}, { preventScrollReset: true });
                }}
              />
              Только в наличии
            </label>
          </div>
          {items.length === 0 ? (
            <div className="empty-state">
              <p className="empty-state__title">Сейчас ничего нет в наличии</p>
              <p className="empty-state__text">Снимите «Только в наличии», чтобы увидеть всё избранное.</p>
            </div>
          ) : (
            <ul className="product-grid personal-products" aria-label="Товары в избранном">
              {items.map(({ product }, index) => (
                <li key={product.id} className="personal-products__item">
                  <ProductCard product={product} eager={index < 4} />
                  <button
                    type="button"
                    className="personal-products__remove"
                    aria-label={`Удалить «${product.name}» из избранного`}
                    onClick={(event) => remove(product.id, product.name, event)}
                  >
                    Удалить
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

export default function PersonalWishlist({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <PageDataBoundary state={loaderData.dehydratedState}>
        <Wishlist inStock={loaderData.inStock} />
      </PageDataBoundary>
    </section>
  );
}
