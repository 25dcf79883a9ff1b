import { Link, useLocation } from "react-router";
import { ListingView } from "#app/features/catalog/components/listing-view.tsx";
import { listingLoad, loadListingView } from "#app/features/catalog/listing-page.ts";
import { readListingState } from "#app/features/catalog/listing-params.ts";
import { SORT_AND_PAGE } from "#app/features/catalog/listing-query.ts";
import { shopConfig } from "#app/lib/shop-config.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { RETURN_WINDOW_DAYS } from "#contract/return-window.ts";
import type { Route } from "./+types/top-profit-info";

export const handle: RouteHandle = { cache: "city", query: SORT_AND_PAGE };

const TITLE = "Акция «Топ-выгода»";
/** The promotion's products: a curated list, so sort and pages but no filters. */
const LISTING = { withFilters: false } as const;

export async function loader(args: Route.LoaderArgs) {
  const load = listingLoad(args);
  const config = await shopConfig(args.context, load.api);
  // The page explains the promotion whether it runs or not (ADR 013); only a running one lists products.
  if (!config.features.topProfit) {
    return { running: false as const, ...(await loadPageSeo(args, TITLE, load.queryClient)) };
  }
  return {
    running: true as const,
    ...(await loadListingView(args, load, { topProfit: true }, TITLE, LISTING)),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description:
      "Повышенный кешбэк баллами за товары со значком «Топ-выгода»: как работает акция, условия и все её товары.",
  });

function HowItWorks({ running }: { running: boolean }) {
  return (
    <>
      <h2>Как это работает</h2>
      <ol>
        <li>
          Выберите товар со значком «Топ-выгода».{" "}
          {running
            ? "Все товары акции собраны ниже, а в каталоге их можно найти фильтром «Топ-выгода»."
            : "Пока акция идёт, значок стоит на карточках товаров в каталоге и в поиске."}
        </li>
        <li>
          Оформите заказ и оплатите его картой или через СБП. Сколько баллов вы получите, написано в карточке
          товара — в рублях и в процентах от цены.
        </li>
        <li>
          Получите заказ. Баллы придут на бонусный счёт, когда закончится срок возврата — через{" "}
          {RETURN_WINDOW_DAYS} дней после получения.
        </li>
      </ol>
      <h2>Кешбэк баллами</h2>
      <ul>
        <li>Один балл — это один рубль.</li>
        <li>
          Кешбэк считается от цены товара, по которой вы его купили, и округляется вниз до целого рубля.
        </li>
        <li>Баллами можно оплатить часть следующего заказа — сколько именно, видно на шаге оплаты.</li>
      </ul>
      <h2>Условия</h2>
      <ul>
        <li>
          Повышенный кешбэк начисляется за товары, у которых был значок «Топ-выгода», когда вы оформляли
          заказ.
        </li>
        <li>Список товаров акции меняется: продавцы добавляют новые товары и убирают старые.</li>
        <li>Если вы вернёте товар, баллы за него спишутся с бонусного счёта.</li>
        <li>
          Подробнее об оплате и баллах — на странице <Link to="/page/payment">«Оплата и бонусные баллы»</Link>
          .
        </li>
      </ul>
    </>
  );
}

export default function TopProfitInfo({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <>
      <article className="content-page promo-info">
        <h1 className="page-title">{loaderData.seo.h1}</h1>
        <p>
          «Топ-выгода» — товары, за которые банк начисляет повышенный кешбэк баллами: больше, чем за обычные
          покупки на Витрине. Такие товары отмечены значком «Топ-выгода».
        </p>
        {loaderData.running ? null : (
          <div className="promo-status" role="status">
            <p className="promo-status__title">Сейчас акция не проводится</p>
            <p>
              Повышенный кешбэк за товары сейчас не начисляется. Обычный кешбэк баллами действует как всегда —
              его размер указан в карточке каждого товара. <Link to="/catalog">Перейти в каталог</Link>
            </p>
          </div>
        )}
        <HowItWorks running={loaderData.running} />
      </article>
      {loaderData.running ? (
        <PageDataBoundary state={loaderData.dehydratedState}>
          <section aria-labelledby="promo-products">
            <h2 id="promo-products" className="promo-products__title">
              Товары акции
            </h2>
            <ListingView
              scope={loaderData.scope}
              state={readListingState(new URLSearchParams(location.search), LISTING)}
              pathname={location.pathname}
              label="Товары акции «Топ-выгода»"
              withFilters={false}
            />
          </section>
        </PageDataBoundary>
      ) : null}
    </>
  );
}
