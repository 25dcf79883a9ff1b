import { useEffect } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { CodeStep, readCodeSentState, withRedirectTo } from "#app/features/phone-sign-in/index.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import { Spinner } from "#app/ui/spinner.tsx";
import { useIsClient } from "#app/ui/use-is-client.ts";
import type { Route } from "./+types/confirm-auth";

export const handle: RouteHandle = { cache: "personal", ...FOCUSED, footer: false };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Введите код из СМС");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function ConfirmAuth({ loaderData }: Route.ComponentProps) {
  const redirectTo = useSearchParams()[0].get("redirectTo");
  const location = useLocation();
  const navigate = useNavigate();
  // The phone lives in the history entry's state, which the server never sees: decide after hydration.
  const isClient = useIsClient();
  const sent = isClient ? readCodeSentState(location.state) : null;
  const back = withRedirectTo("/auth/mobile", redirectTo);

  useEffect(() => {
    // Opened directly (a bookmark, a shared link, another tab): there is no phone to confirm.
    if (isClient && !sent) void navigate(back, { replace: true });
  }, [isClient, sent, back, navigate]);

  return (
    <section className="phone-sign-in-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      {sent ? (
        <>
          <CodeStep key={sent.phone} initial={sent} redirectTo={redirectTo} />
          <p className="phone-sign-in-page__alt">
            <Link to={back}>Изменить номер</Link>
          </p>
        </>
      ) : (
        <div className="phone-sign-in-page__pending">
          <Spinner size="m" label="Загрузка" />
        </div>
      )}
    </section>
  );
}
