import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { withRedirectTo } from "#app/features/phone-sign-in/index.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/auth";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Вход");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function Auth({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // A shopper sent here from a personal page comes back to it whichever way they sign in.
  const [searchParams] = useSearchParams();
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="state-page__text">
        Войдите через интернет-банк, чтобы оформлять заказы, копить кешбэк и оплачивать покупки бонусными
        баллами.
      </p>
      <div className="state-page__actions">
        <a className="button button--primary button--l" href={root?.config.authUrl ?? "/"}>
          Войти через интернет-банк
        </a>
        <Link
          className="button button--secondary button--l"
          to={withRedirectTo("/auth/mobile", searchParams.get("redirectTo"))}
        >
          Войти по номеру телефона
        </Link>
      </div>
    </section>
  );
}
