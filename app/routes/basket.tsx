import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/basket";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Корзина");
export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description:
      "Корзина Витрины: оформите заказ с доставкой курьером или в пункт выдачи и оплатите частично баллами.",
  });

export default function Basket({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">В корзине пока пусто</p>
        <p className="empty-state__text">
          Загляните на главную — там собраны товары, которые покупают чаще всего.
        </p>
        <Link className="button button--primary" to="/">
          Перейти к покупкам
        </Link>
      </div>
    </section>
  );
}
