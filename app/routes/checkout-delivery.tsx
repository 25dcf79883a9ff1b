import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/checkout-delivery";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED, footer: false };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Оформление заказа: доставка");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function CheckoutDelivery({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Нечего оформлять</p>
        <p className="empty-state__text">
          Добавьте товары в корзину, и здесь можно будет выбрать доставку курьером или в пункт выдачи.
        </p>
        <Link className="button button--primary" to="/basket">
          В корзину
        </Link>
      </div>
    </section>
  );
}
