import { useSearchParams } from "react-router";
import { SignInChoice } from "#app/features/identity/index.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/auth";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Вход");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function Auth({ loaderData }: Route.ComponentProps) {
  // A shopper sent here from a personal page comes back to it whichever way they sign in.
  const [searchParams] = useSearchParams();
  return (
    <section className="sign-in-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="sign-in-page__text">
        Войдите, чтобы оформлять заказы, копить кешбэк и оплачивать покупки бонусными баллами. Выберите
        удобный способ.
      </p>
      <SignInChoice redirectTo={searchParams.get("redirectTo")} error={searchParams.get("error")} />
    </section>
  );
}
