import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/confirm-auth";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Подтверждение входа");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function ConfirmAuth({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="state-page__text">
        Ссылка для входа устарела или уже была использована. Войдите ещё раз — это займёт меньше минуты.
      </p>
      <div className="state-page__actions">
        <Link className="button button--primary button--l" to="/auth">
          Войти снова
        </Link>
      </div>
    </section>
  );
}
