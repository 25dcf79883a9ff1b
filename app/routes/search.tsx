import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation, useNavigationType } from "react-router";
import { categoryHref } from "#app/features/catalog/components/category-tree.tsx";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { recordSearch, type SearchParams, searchQuery } from "#app/features/search/api.ts";
import { SearchBox } from "#app/features/search/components/search-box.tsx";
import { SHOPPER_SEARCH_STATE, searchToRecord } from "#app/features/search/shopper-search.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { formatCount } from "#contract/format.ts";
import { MAX_RESULT_DEPTH } from "#contract/input-bounds.ts";
import { searchUrl } from "#contract/urls.ts";
import type { Route } from "./+types/search";

export const handle: RouteHandle = {
  cache: "city",
  query: ["q", "page"],
  stateKey: "search",
  keepAlive: true,
};

const PAGE_SIZE = 24;

/**
 * The query: `?q=` from the search form, or the readable tail of /search/{sef...}. React Router has
 * decoded the tail already, all but an encoded slash (kept as `%2F`): decoding it again turned
 * `/search/50%25` into a URIError and a 500.
 */
function queryOf(request: Request, splat: string | undefined): string {
  const url = new URL(request.url);
  return (url.searchParams.get("q") ?? (splat ?? "").replace(/%2F/gi, "/").replace(/[-/]+/g, " "))
    .trim()
    .slice(0, 200);
}

export async function loader(args: Route.LoaderArgs) {
  const q = queryOf(args.request, args.params["*"]);
  const queryClient = loaderQueries(args.context);
  // The API pages no deeper than MAX_RESULT_DEPTH; anything else in a hand-edited URL falls back to a valid page.
  const page = Math.min(
    Math.max(1, Math.trunc(Number(new URL(args.request.url).searchParams.get("page"))) || 1),
    Math.floor(MAX_RESULT_DEPTH / PAGE_SIZE),
  );
  const params: SearchParams | null = q ? { q, page, limit: PAGE_SIZE, sort: "relevance" } : null;
  const [seo] = await Promise.all([
    loadPageSeo(args, q ? `Поиск: ${q}` : "Поиск по Витрине", queryClient),
    params ? queryClient.ensureQueryData(searchQuery(params, serverApi(args.context))) : null,
  ]);
  return { ...seo, params, dehydratedState: queryClient.dehydrate() };
}

// Result pages are for people: search engines get the catalogue's own pages instead.
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex, follow" },
];

function Results({ params }: { params: SearchParams }) {
  const { data } = useQuery(searchQuery(params));
  useRecordShownSearch(data !== undefined);
  if (!data) return null;
  const shown = data.correctedQuery ?? data.query;
  return (
    <>
      <h1 className="page-title">
        {data.total > 0 ? `Результаты по запросу «${shown}»` : `По запросу «${data.query}» ничего не нашлось`}
      </h1>
      {data.correctedQuery ? (
        <p className="search-note">
          {data.layoutFixed ? "Похоже, запрос набран в другой раскладке. " : ""}
          Показаны результаты по запросу «{data.correctedQuery}».
        </p>
      ) : null}
      {data.total === 0 && data.suggestions.length > 0 ? (
        <p className="search-note">
          Возможно, вы искали:{" "}
          {data.suggestions.map((s, i) => (
            <span key={s}>
              {i > 0 ? ", " : ""}
              <Link to={searchUrl(s)} state={SHOPPER_SEARCH_STATE}>
                {s}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {data.categories.length > 0 ? (
        <ul
          className="chips"
          aria-label={data.total > 0 ? "Категории с найденными товарами" : "Популярные категории"}
        >
          {data.categories.map((c) => (
            <li key={c.id}>
              <Link className="chip" to={categoryHref(c)}>
                {c.name}
                {data.total > 0 ? <span className="chip__count"> {c.count}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data.total > 0 ? (
        <>
          <p className="listing-count">Найдено {formatCount(data.total, "товар", "товара", "товаров")}</p>
          <ProductGrid products={data.items} label="Найденные товары" />
        </>
      ) : (
        <div className="empty-state">
          <p className="empty-state__title">Попробуйте изменить запрос</p>
          <p className="empty-state__text">
            Проверьте, нет ли опечатки, или поищите по названию бренда или категории.
          </p>
        </div>
      )}
    </>
  );
}

/**
 * A search the shopper made with our search controls goes into their recent queries once its results
 * are on screen, by a POST from the browser (ADR 010, ADR 026). A results page opened from a link, a
 * bookmark or by a crawler, and readable /search/{words} landing pages, are not recorded.
 */
function useRecordShownSearch(shown: boolean) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (!shown) return;
    const q = new URLSearchParams(location.search).get("q");
    const query = searchToRecord({ q, state: location.state, key: location.key, navigationType });
    if (query) recordSearch(queryClient, query);
  }, [shown, queryClient, location, navigationType]);
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { params } = loaderData;
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      {params ? (
        <Results params={params} />
      ) : (
        <>
          <h1 className="page-title">Поиск по Витрине</h1>
          <p className="state-page__text">Введите название товара, бренда или категории.</p>
          <SearchBox variant="page" />
        </>
      )}
    </PageDataBoundary>
  );
}
