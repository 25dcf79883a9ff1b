import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Modal } from "#app/ui/modal/modal.tsx";
import { formatCount } from "#contract/format.ts";
import { activeFilterChips, quickFilterChips } from "../active-filters.ts";
import { facetsQuery, type ListingScope, listingQuery } from "../api.ts";
import { useKeptPages } from "../kept-pages.ts";
import {
  activeFilterCount,
  LISTING_LAST_PAGE,
  LISTING_LIMIT,
  type ListingSort,
  type ListingState,
  type ListingUrl,
  listingSearch,
  SORT_LABELS,
} from "../listing-params.ts";
import { ListingFilters } from "./listing-filters.tsx";
import { ProductGrid } from "./product-grid.tsx";

/** Page links for crawlers and people who want to jump: first, last and the two around the current one. */
function pageNumbers(current: number, last: number): (number | "gap")[] {
  const pages = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((p) => p >= 1 && p <= last)
    .sort((a, b) => a - b);
  return pages.flatMap((p, i) => (i > 0 && p - pages[i - 1]! > 1 ? (["gap", p] as const) : [p]));
}

/**
 * A product listing with filters, sort, crawlable page links and "show more". Everything lives in the
 * URL: a filtered listing can be shared and the back button undoes the last change.
 */
export function ListingView({
  scope,
  state,
  pathname,
  label,
  hide,
  withFilters = true,
  subcategories = [],
  url,
  sorts = SORT_LABELS,
}: {
  scope: ListingScope;
  state: ListingState;
  pathname: string;
  label: string;
  hide?: ("brand" | "seller")[];
  /** A short curated listing (a promotion's) offers only sort and pages: no facets are fetched. */
  withFilters?: boolean;
  /** A branch's subcategories: on a phone, one chip of the row opens them (the page lists them above). */
  subcategories?: readonly { id: number; name: string; href: string }[];
  /** Search results: the query kept in every URL, relevance as the default order. */
  url?: ListingUrl;
  sorts?: Partial<Record<ListingSort, string>>;
}) {
  const navigate = useNavigate();
  const { data: list } = useQuery(listingQuery(scope, state));
  const { data: facets } = useQuery({ ...facetsQuery(scope, state.filters), enabled: withFilters });
  // Kept per history entry: the back button from a product brings back every page loaded.
  const [more, setMore] = useKeptPages();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [subcategoriesOpen, setSubcategoriesOpen] = useState(false);
  // "Show more" appends the following pages below the current one without leaving it.
  const extras = useQueries({ queries: more.map((page) => listingQuery(scope, { ...state, page })) });
  if (!list) return null;

  const go = (next: ListingState) => {
    setMore([]);
    navigate(`${pathname}${listingSearch(next, url)}`, { preventScrollReset: true });
  };
  const unfiltered = `${pathname}${listingSearch({ sort: url?.defaultSort ?? "popular", page: 1, filters: {} }, url)}`;
  const lastPage = Math.max(1, Math.min(Math.ceil(list.total / LISTING_LIMIT), LISTING_LAST_PAGE));
  const shownUpTo = state.page + more.length;
  const items = [...list.items, ...extras.flatMap((q) => q.data?.items ?? [])];
  const loadingMore = extras.some((q) => q.isFetching);
  const filters =
    withFilters && facets ? <ListingFilters facets={facets} state={state} onChange={go} hide={hide} /> : null;
  const activeCount = activeFilterCount(state);

  return (
    <div className={withFilters ? "listing" : "listing listing--plain"}>
      {withFilters ? (
        <aside className="listing__aside" aria-label="Фильтры">
          {filters}
        </aside>
      ) : null}
      <div className="listing__main">
        <div className="listing__toolbar">
          <p className="listing-count">{formatCount(list.total, "товар", "товара", "товаров")}</p>
          {/* One row on a phone, scrolled sideways: sort, filters, quick filters, each active filter. */}
          <div className="listing__chips">
            <label className="listing__sort">
              <span className="visually-hidden">Сортировка</span>
              <select
                value={state.sort}
                onChange={(e) => go({ ...state, page: 1, sort: e.target.value as ListingState["sort"] })}
              >
                {Object.entries(sorts).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
            {subcategories.length > 0 ? (
              <button
                type="button"
                className="listing__chip listing__subcategories-button"
                onClick={() => setSubcategoriesOpen(true)}
              >
                Категории
              </button>
            ) : null}
            {withFilters ? (
              <button
                type="button"
                className="listing__chip listing__filters-button"
                onClick={() => setFiltersOpen(true)}
              >
                Фильтры{activeCount > 0 ? ` · ${activeCount}` : ""}
              </button>
            ) : null}
            {withFilters
              ? quickFilterChips(state, facets).map((chip) => (
                  <button
                    key={chip.id}
                    type="button"
                    className="listing__chip listing__chip--quick"
                    aria-pressed="false"
                    onClick={() => go(chip.next)}
                  >
                    {chip.label}
                  </button>
                ))
              : null}
            {activeFilterChips(state, facets).map((chip) => (
              <button
                key={chip.id}
                type="button"
                className="listing__chip listing__chip--active"
                aria-label={`Убрать фильтр «${chip.label}»`}
                onClick={() => go(chip.next)}
              >
                {chip.label}
                <span aria-hidden="true" className="listing__chip-remove">
                  ×
                </span>
              </button>
            ))}
          </div>
        </div>
        {activeCount > 0 ? (
          <p className="listing__reset">
            <Link to={unfiltered} preventScrollReset>
              Сбросить фильтры
            </Link>
          </p>
        ) : null}
        <h2 className="visually-hidden">{label}</h2>
        {list.items.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">{list.empty?.message ?? "Здесь пока нет товаров"}</p>
            {list.empty?.suggestions.length ? (
              <ul className="listing__suggestions">
                {list.empty.suggestions.map((s) => (
                  <li key={s.filter}>
                    Без фильтра «{s.name}» — {formatCount(s.total, "товар", "товара", "товаров")}
                  </li>
                ))}
              </ul>
            ) : null}
            {activeCount > 0 ? (
              <Link className="button button--primary" to={unfiltered}>
                Сбросить фильтры
              </Link>
            ) : null}
          </div>
        ) : (
          <ProductGrid products={items} label={label} />
        )}
        {shownUpTo < lastPage ? (
          <button
            type="button"
            className="button button--secondary listing__more"
            onClick={() => setMore([...more, shownUpTo + 1])}
            disabled={loadingMore}
          >
            Показать ещё
          </button>
        ) : null}
        {lastPage > 1 ? (
          <nav className="pagination" aria-label="Страницы">
            {pageNumbers(state.page, lastPage).map((p, i) =>
              p === "gap" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
                <span key={`gap-${i}`} aria-hidden="true">
                  …
                </span>
              ) : (
                <Link
                  key={p}
                  to={`${pathname}${listingSearch({ ...state, page: p }, url)}`}
                  aria-current={p === state.page ? "page" : undefined}
                  aria-label={`Страница ${p}`}
                >
                  {p}
                </Link>
              ),
            )}
          </nav>
        ) : null}
      </div>
      {subcategories.length > 0 ? (
        <Modal
          open={subcategoriesOpen}
          onClose={() => setSubcategoriesOpen(false)}
          title="Категории"
          size="m"
        >
          <ul className="listing__subcategories">
            {subcategories.map((c) => (
              <li key={c.id}>
                <Link to={c.href} onClick={() => setSubcategoriesOpen(false)}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </Modal>
      ) : null}
      {withFilters ? (
        <Modal open={filtersOpen} onClose={() => setFiltersOpen(false)} title="Фильтры" size="m">
          {filters}
          <button
            type="button"
            className="button button--primary listing__apply"
            onClick={() => setFiltersOpen(false)}
          >
            Показать {formatCount(list.total, "товар", "товара", "товаров")}
          </button>
        </Modal>
      ) : null}
    </div>
  );
}
