/**
 * Storefront addresses, built in one place (the spec's route table, app/routes.ts). The storefront links
 * with them and the server writes them into the sitemap and the catalogue menu, so a changed address is
 * changed once. Path segments are percent-encoded: a code or slug with a space or a slash stays one segment.
 */

const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * `?name=value` for the given, non-empty values; empty string when there are none. Values are encoded
 * with encodeURIComponent (a space is `%20`, not `+`), as the search form's links always were.
 */
function query(params: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

export const CATALOG_URL = "/catalog";
/** The top-profit promotion's own page (ADR 013). */
export const TOP_PROFIT_INFO_URL = "/promotion/top-profit/info";

export function productUrl(id: number): string {
  return `/product/${segment(id)}`;
}

/** The full-screen photo viewer, opened at one photo (0-based). */
export function productPhotosUrl(id: number, photo?: number): string {
  return `${productUrl(id)}/photos${query({ photo })}`;
}

/** A category's canonical page: id and slug (a wrong or missing slug redirects here). */
export function categoryUrl(category: { id: number; slug: string }): string {
  return `${CATALOG_URL}/${segment(category.id)}/${segment(category.slug)}`;
}

/** A catalogue menu node's own page (a grouping node without a category). */
export function catalogMenuUrl(id: number): string {
  return `/catalog-menu/${segment(id)}`;
}

export function brandUrl(code: string): string {
  return `/brand/${segment(code)}`;
}

export function brandCategoryUrl(code: string, categoryId: number): string {
  return `${brandUrl(code)}/category/${segment(categoryId)}`;
}

export function sellerUrl(code: string): string {
  return `/seller/${segment(code)}`;
}

export function sellerCategoryUrl(code: string, categoryId: number): string {
  return `${sellerUrl(code)}/category/${segment(categoryId)}`;
}

/** The search results page, as the header's search form submits it (`/search/?q=…`). */
export function searchUrl(q?: string): string {
  return `/search/${query({ q })}`;
}

/** A content page (`/page/{slug}`); a nested slug keeps its slashes. */
export function contentPageUrl(slug: string): string {
  return `/page/${slug.split("/").map(segment).join("/")}`;
}
