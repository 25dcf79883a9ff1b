import { useRouteLoaderData } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/auth-mobile";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED, footer: false };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Вход по номеру телефона");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function AuthMobile({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="state-page__text">
        Мы пришлём СМС с кодом на номер, привязанный к интернет-банку. Если номер менялся, войдите через
        интернет-банк.
      </p>
      <div className="state-page__actions">
        <a className="button button--primary button--l" href={root?.config.authUrl ?? "/"}>
          Войти через интернет-банк
        </a>
      </div>
    </section>
  );
}
