import { Link, useSearchParams } from "react-router";
import { PhoneStep, withRedirectTo } from "#app/features/phone-sign-in/index.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/auth-mobile";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED, footer: false };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Вход по номеру телефона");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function AuthMobile({ loaderData }: Route.ComponentProps) {
  const redirectTo = useSearchParams()[0].get("redirectTo");
  return (
    <section className="phone-sign-in-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="phone-sign-in-page__text">
        Пришлём СМС с кодом. Если у вас ещё нет аккаунта, он появится после входа.
      </p>
      <PhoneStep redirectTo={redirectTo} />
      <p className="phone-sign-in-page__alt">
        <Link to={withRedirectTo("/auth", redirectTo)}>Войти через интернет-банк</Link>
      </p>
    </section>
  );
}
