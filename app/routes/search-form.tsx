import { useRef } from "react";
import { popularSearchesQuery, recentSearchesQuery } from "#app/features/search/api.ts";
import { PopularSearches } from "#app/features/search/components/popular-searches.tsx";
import { RecentSearches } from "#app/features/search/components/recent-searches.tsx";
import { SearchBox } from "#app/features/search/components/search-box.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { type RouteHandle, SEARCH_SCREEN } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/search-form";

/** The shopper's recent queries are on it. */
export const handle: RouteHandle = { cache: "personal", ...SEARCH_SCREEN };

export async function loader(args: Route.LoaderArgs) {
  const queryClient = loaderQueries(args.context);
  const api = serverApi(args.context);
  const [page] = await Promise.all([
    loadPageSeo(args, "Поиск", queryClient),
    // Neither is critical: without them the screen is still a search field. The recent queries are
    // the visitor's own (the loader's API calls carry their cookie), so this HTML is personal.
    queryClient.prefetchQuery(recentSearchesQuery(api)),
    queryClient.prefetchQuery(popularSearchesQuery(api)),
  ]);
  return { ...page, dehydratedState: queryClient.dehydrate() };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex, follow" },
];

/** The phone search screen: the field, the visitor's recent queries and the popular ones. */
export default function SearchForm({ loaderData }: Route.ComponentProps) {
  const field = useRef<HTMLDivElement>(null);
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <div className="search-screen">
        <h1 className="visually-hidden">{loaderData.seo.h1}</h1>
        <div ref={field}>
          <SearchBox variant="page" autoFocus />
        </div>
        <RecentSearches onEmptied={() => field.current?.querySelector("input")?.focus()} />
        <PopularSearches />
      </div>
    </PageDataBoundary>
  );
}
