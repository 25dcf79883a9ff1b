// First: before any route chunk builds a zod schema (see the module).
import "./lib/zod-csp.ts";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { fetchCategoryTree } from "#app/features/catalog/api.ts";
import { currentCityQuery } from "#app/features/city/api.ts";
import type { Route } from "./+types/root";
import { errorTitle, FatalErrorScreen } from "./layouts/error-screen.tsx";
import { Shell } from "./layouts/shell.tsx";
import { useMetrikaPageViews } from "./lib/analytics/use-metrika-page-views.ts";
import { initMetrika, type MetrikaTracker } from "./lib/analytics/yandex-metrika.ts";
import { serverApi } from "./lib/api-context.ts";
import { shopConfig } from "./lib/shop-config.ts";
import { useCspNonce } from "./lib/csp-nonce.ts";
import { toScreenError } from "./lib/errors.ts";
import { loaderQueries } from "./lib/loader-queries.ts";
import { PageDataBoundary } from "./lib/page-data.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { guidQuery } from "./lib/reference.ts";
import { detectWebview } from "./lib/webview.ts";
import { postToNative } from "./lib/webview-bridge.ts";
import stylesUrl from "./styles/app.css?url";
import { GlobalLoader } from "./ui/loader/global-loader.tsx";
import { Toaster } from "./ui/toast/toaster.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = serverApi(context);
  const queryClient = loaderQueries(context);
  // The header's categories and city are decoration: if they fail the page still renders; the config may not.
  const [config, categories] = await Promise.all([
    shopConfig(context, api),
    fetchCategoryTree(api, { depth: 1 }).catch(() => ({ items: [] })),
    queryClient.prefetchQuery(currentCityQuery(api)),
  ]);
  const { webview, setCookie } = detectWebview(request);
  return data(
    { config, categories: categories.items, webview, dehydratedState: queryClient.dehydrate() },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/** An error screen's tab says what its heading says (a 404 is «Страница не найдена», not a service outage). */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        { title: `${errorTitle(toScreenError(error).status)} — Витрина` },
        { name: "robots", content: "noindex" },
      ]
    : [];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = root?.config.theme ?? "alfa";
  // Empty after hydration (browsers hide nonces from the DOM); only the server render needs it.
  const nonce = useCspNonce();
  return (
    <html lang="ru" className={`theme-${theme}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Where Vite's module preloader (and its dev client) read the nonce for the links and styles they add. */}
        <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
        <meta name="theme-color" content={theme === "halva" ? "#ff5c00" : "#ef3124"} />
        <link rel="icon" href={`/favicon-${theme}.svg`} type="image/svg+xml" />
        <link rel="icon" href={`/favicon-${theme}.ico`} sizes="32x32" />
        <link rel="apple-touch-icon" href={`/apple-touch-icon-${theme}.png`} />
        {/* React hoists a stylesheet with a precedence ahead of the module preloads, so CSS is fetched first. */}
        <link rel="stylesheet" href={stylesUrl} precedence="app" />
        <Meta />
        <Links />
      </head>
      <body>
        <GlobalLoader />
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const root = useRouteLoaderData<typeof loader>("root");
  const config = root?.config;
  const theme = config?.theme;
  const [tracker, setTracker] = useState<MetrikaTracker | null>(null);
  useEffect(() => setTracker(initMetrika(config?.ymId)), [config?.ymId]);
  useMetrikaPageViews(tracker);
  // The theme class is rendered on the server; this keeps it right when the config changes on the client.
  useEffect(() => {
    if (!theme) return;
    const html = document.documentElement;
    html.classList.remove("theme-alfa", "theme-halva");
    html.classList.add(`theme-${theme}`);
  }, [theme]);
  // Marks the document as interactive; browser tests wait for it instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // Tells the mobile app (when we run inside its webview) that the page is interactive.
    postToNative({ type: "ready" });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <PageDataBoundary state={root?.dehydratedState}>
        <Dictionaries />
        {children}
      </PageDataBoundary>
    </QueryClientProvider>
  );
}

/** Warms the guid dictionary every screen may need; its failures go to the global error handler. */
function Dictionaries() {
  useQuery({ ...guidQuery(), enabled: typeof window !== "undefined" });
  return null;
}

export default function App() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const screen = toScreenError(error);
  const root = useRouteLoaderData<typeof loader>("root");
  useEffect(() => {
    // 4xx are the shopper's way around the site, not faults; server faults are worth a console error.
    if (screen.status >= 500) console.error(`[${screen.status}] ${screen.message}`, error);
    else console.warn(`[${screen.status}] ${screen.message}`);
  }, [error, screen.status, screen.message]);
  return (
    <Providers>
      <Shell>
        <FatalErrorScreen screen={screen} authUrl={root?.config.authUrl ?? "/auth"} />
      </Shell>
    </Providers>
  );
}
