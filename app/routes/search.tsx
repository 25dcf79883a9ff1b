import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, redirect, useLocation, useNavigationType } from "react-router";
import { facetsQuery, type ListingScope, listingQuery, productListQuery } from "#app/features/catalog/api.ts";
import { categoryHref } from "#app/features/catalog/components/category-tree.tsx";
import { ListingView } from "#app/features/catalog/components/listing-view.tsx";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import {
  type ListingState,
  type ListingUrl,
  listingSearch,
  readListingState,
  SEARCH_SORT_LABELS,
} from "#app/features/catalog/listing-params.ts";
import { readsListingParam } from "#app/features/catalog/listing-query.ts";
import { recordSearch } from "#app/features/search/api.ts";
import { SearchBox } from "#app/features/search/components/search-box.tsx";
import { SHOPPER_SEARCH_STATE, searchToRecord } from "#app/features/search/shopper-search.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { SearchResult } from "#contract/search.ts";
import { searchUrl } from "#contract/urls.ts";
import type { Route } from "./+types/search";

export const handle: RouteHandle = {
  cache: "city",
  // The query, the chosen category and everything a listing reads: sort, page, filters (ADR 063).
  query: (name) => name === "q" || name === "categoryId" || readsListingParam(name),
  stateKey: "search",
  keepAlive: true,
};

/** Results are a listing whose default order is relevance. */
const SEARCH_ORDER = { sorts: SEARCH_SORT_LABELS, defaultSort: "relevance" } as const;
/** Goods offered when a query finds nothing. */
const POPULAR_GOODS = { sort: "popular", limit: 12, page: 1 } as const;

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

/** The query and the category chosen among its results: what every URL of the results keeps. */
function scopeOf(q: string, search: URLSearchParams): ListingScope & { q: string } {
  const categoryId = Number(search.get("categoryId"));
  return Number.isSafeInteger(categoryId) && categoryId > 0 ? { q, categoryId } : { q };
}

function urlOf(scope: ListingScope & { q: string }): ListingUrl {
  const keep: Record<string, string> = { q: scope.q };
  if (scope.categoryId !== undefined) keep.categoryId = String(scope.categoryId);
  return { keep, defaultSort: SEARCH_ORDER.defaultSort };
}

/** The listing's page of search results (the catalogue's listing query answers either kind). */
function isSearchResult(data: unknown): data is SearchResult {
  return typeof data === "object" && data !== null && "correctedQuery" in data;
}

/** Whether the query itself finds products (filters may still leave none on screen). */
const queryFinds = (data: SearchResult) => data.total > 0 || data.empty !== undefined;

export async function loader(args: Route.LoaderArgs) {
  const q = queryOf(args.request, args.params["*"]);
  const url = new URL(args.request.url);
  const queryClient = loaderQueries(args.context);
  const api = serverApi(args.context);
  const scope = q ? scopeOf(q, url.searchParams) : null;
  const state = readListingState(url.searchParams, SEARCH_ORDER);
  const load = async () => {
    if (!scope) return;
    // The results and their facets are independent: one round of awaits, not two.
    const [result] = await Promise.all([
      queryClient.ensureQueryData(listingQuery(scope, state, api)),
      queryClient.ensureQueryData(facetsQuery(scope, state.filters, api)),
    ]).catch((error: unknown) => {
      // A shared link whose filter or category no longer exists opens the plain results instead.
      // Only when there is something to drop: a query the API refuses by itself (a NUL in it) would
      // redirect to itself for ever, and is the not-found screen as before.
      const narrowed = [...url.searchParams.keys()].some((key) => key !== "q");
      if (error instanceof ApiError && (error.status === 400 || error.status === 404) && narrowed)
        throw redirect(searchUrl(q));
      throw error;
    });
    if (isSearchResult(result) && !queryFinds(result))
      await queryClient.ensureQueryData(productListQuery(POPULAR_GOODS, api));
  };
  const [seo] = await Promise.all([
    loadPageSeo(args, q ? `Поиск: ${q}` : "Поиск по Витрине", queryClient),
    load(),
  ]);
  return { ...seo, scope, dehydratedState: queryClient.dehydrate() };
}

// Result pages are for people: search engines get the catalogue's own pages instead.
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex, follow" },
];

/** «Все категории» and the categories with results: each narrows the results, keeping the order. */
function CategoryChips({
  data,
  scope,
  state,
}: {
  data: SearchResult;
  scope: ListingScope & { q: string };
  state: ListingState;
}) {
  if (data.categories.length < 2 && scope.categoryId === undefined) return null;
  const href = (categoryId?: number) =>
    `/search/${listingSearch({ sort: state.sort, page: 1, filters: {} }, urlOf(categoryId === undefined ? { q: scope.q } : { q: scope.q, categoryId }))}`;
  return (
    <ul className="chips search-categories" aria-label="Категории с найденными товарами">
      <li>
        <Link
          className="chip"
          to={href()}
          aria-current={scope.categoryId === undefined ? "page" : undefined}
          preventScrollReset
        >
          Все категории
        </Link>
      </li>
      {data.categories.map((c) => (
        <li key={c.id}>
          <Link
            className="chip"
            to={href(c.id)}
            aria-current={scope.categoryId === c.id ? "page" : undefined}
            preventScrollReset
          >
            {c.name}
            <span className="chip__count"> {c.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Nothing found: corrections that do find something, popular categories and popular goods. */
function NothingFound({ data }: { data: SearchResult }) {
  const { data: popular } = useQuery(productListQuery(POPULAR_GOODS));
  return (
    <>
      {data.suggestions.length > 0 ? (
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
      <div className="empty-state">
        <p className="empty-state__title">Попробуйте изменить запрос</p>
        <p className="empty-state__text">
          Проверьте, нет ли опечатки, или поищите по названию бренда или категории.
        </p>
      </div>
      {data.categories.length > 0 ? (
        <ul className="chips" aria-label="Популярные категории">
          {data.categories.map((c) => (
            <li key={c.id}>
              <Link className="chip" to={categoryHref(c)}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {popular && popular.items.length > 0 ? (
        <section className="search-popular" aria-labelledby="search-popular-title">
          <h2 id="search-popular-title" className="search-popular__title">
            Популярные товары
          </h2>
          <ProductGrid products={popular.items} label="Популярные товары" />
        </section>
      ) : null}
    </>
  );
}

function Results({ scope }: { scope: ListingScope & { q: string } }) {
  const location = useLocation();
  const state = readListingState(new URLSearchParams(location.search), SEARCH_ORDER);
  const { data: page } = useQuery(listingQuery(scope, state));
  useRecordShownSearch(page !== undefined);
  const data = isSearchResult(page) ? page : undefined;
  if (!data) return null;
  const shown = data.correctedQuery ?? data.query;
  const finds = queryFinds(data);
  return (
    <>
      <h1 className="page-title">
        {finds ? `Результаты по запросу «${shown}»` : `По запросу «${data.query}» ничего не нашлось`}
      </h1>
      {data.correctedQuery ? (
        <p className="search-note">
          {data.layoutFixed ? "Похоже, запрос набран в другой раскладке. " : ""}
          Показаны результаты по запросу «{data.correctedQuery}».
        </p>
      ) : null}
      {finds ? (
        <>
          <CategoryChips data={data} scope={scope} state={state} />
          <ListingView
            scope={scope}
            state={state}
            pathname="/search/"
            label="Найденные товары"
            url={urlOf(scope)}
            sorts={SEARCH_SORT_LABELS}
          />
        </>
      ) : (
        <NothingFound data={data} />
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
  const { scope } = loaderData;
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      {scope ? (
        <Results scope={scope} />
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
