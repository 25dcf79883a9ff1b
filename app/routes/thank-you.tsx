import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/thank-you";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Спасибо за заказ!");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="state-page__text">
        Мы пришлём уведомление, когда заказ передадут в доставку. Следить за статусом можно в личном кабинете.
      </p>
      <div className="state-page__actions">
        <Link className="button button--primary button--l" to="/personal/orders">
          Мои заказы
        </Link>
        <Link className="button button--secondary button--l" to="/">
          Продолжить покупки
        </Link>
      </div>
    </section>
  );
}
