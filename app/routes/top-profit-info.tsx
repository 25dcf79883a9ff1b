import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { Route } from "./+types/top-profit-info";

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Акция «Топ-выгода»");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function TopProfitInfo({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="state-page__text">
        Товары с отметкой «Топ-выгода» продаются с повышенным кешбэком от банка. Кешбэк начисляется баллами
        после получения заказа; баллами можно оплатить до 99% стоимости следующих покупок.
      </p>
    </section>
  );
}
