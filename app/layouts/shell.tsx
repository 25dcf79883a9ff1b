import { type ReactNode, useEffect } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { CurrentCityButton } from "#app/features/city/components/current-city-button.tsx";
import { clearAppError, useAppError } from "#app/lib/app-error.ts";
import { pageLifecycle } from "#app/lib/loading.ts";
import { useOrderTypeReset } from "#app/lib/order-type.ts";
import { metaForMatches } from "#app/lib/route-meta.ts";
import type { loader as rootLoader } from "../root.tsx";
import { ErrorScreen } from "./error-screen.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * Header, main and footer around every screen, error screens included. What is shown follows the
 * matched route's meta; inside the mobile app's webview the app draws its own chrome, so we hide ours.
 */
export function Shell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const meta = metaForMatches(useMatches());
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const webview = root?.webview ?? false;
  const appError = useAppError();
  const headerShown = Object.values(meta.header).some((bar) => bar.mobile || bar.desktop);
  const { pathname } = useLocation();
  useOrderTypeReset(meta.id);
  // A non-fatal error's screen lasts until the shopper goes somewhere else.
  useEffect(() => {
    if (pathname) clearAppError();
  }, [pathname]);
  return (
    <>
      <a href="#main" className="skip-link">
        Перейти к содержимому
      </a>
      {webview || !headerShown ? null : (
        <SiteHeader meta={meta} categories={root?.categories ?? []} city={<CurrentCityButton />} />
      )}
      <div className={`page container${aside ? " page--with-aside" : ""}`}>
        {aside}
        <main
          id="main"
          tabIndex={-1}
          className={`page__main${meta.transition === "fade" ? " page__main--fade" : ""}`}
          // The enter transition has played: the lifecycle's transition finish (spec §4).
          onAnimationEnd={(event) => {
            if (event.target === event.currentTarget) pageLifecycle.transitionFinished();
          }}
        >
          {appError ? (
            <ErrorScreen status={appError.status} authUrl={root?.config.authUrl ?? "/auth"} />
          ) : (
            children
          )}
        </main>
      </div>
      {webview || !meta.footer ? null : <SiteFooter reduced={meta.chrome === "checkout"} />}
      {webview ? null : <MobileNav visible={meta.header.bottom.mobile} />}
    </>
  );
}
