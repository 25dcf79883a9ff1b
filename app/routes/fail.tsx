import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/fail";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Оплата не прошла");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="state-page__text">
        Деньги не списаны. Попробуйте оплатить заказ ещё раз или выберите другой способ оплаты.
      </p>
      <div className="state-page__actions">
        <Link className="button button--primary button--l" to="/basket">
          Вернуться в корзину
        </Link>
        <Link className="button button--secondary button--l" to="/">
          На главную
        </Link>
      </div>
    </section>
  );
}
