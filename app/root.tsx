import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import type { PublicConfig } from "#contract/config.ts";
import type { Route } from "./+types/root";
import { serverApi } from "./lib/api-context.ts";
import { createQueryClient } from "./lib/query-client.ts";
import stylesUrl from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const config = await serverApi(context).get<PublicConfig>("/config");
  return { config };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.config.theme ?? "alfa";
  return (
    <html lang="ru" className={`theme-${theme}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="site-header">
          <div className="container site-header__inner">
            <a href="/" className="logo" aria-label="Витрина — на главную">
              Витрина
            </a>
          </div>
        </header>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const [queryClient] = useState(createQueryClient);
  // Marks the document as interactive; browser tests wait for it instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container error-screen">
      <h1>{notFound ? "Страница не найдена" : "Кое-что сломалось"}</h1>
      <p>{notFound ? "Возможно, её удалили или в адресе опечатка." : "На нашей стороне, но мы уже чиним"}</p>
      <a className="button button--primary" href="/">
        На главную
      </a>
    </main>
  );
}
