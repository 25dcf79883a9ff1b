// Bounds on what one request may ask for, shared by the API's schemas and the storefront's pages. This
// module imports nothing: the storefront's components read it, and a contract module that defines zod
// schemas would bring the whole schema library into the browser with it (ADR 024, ADR 027).

/** Most values one list filter (brands, sellers, one property) may carry. */
export const MAX_FILTER_VALUES = 50;
/** Most values all the list filters of one request may carry together (ADR 024). */
export const MAX_FILTER_VALUES_TOTAL = 100;
/**
 * How deep a listing or search can be paged, as page × limit: deeper than any listing of the catalogue, and
 * it keeps a hand-made `page=10000&limit=100` from sorting a million rows (ADR 024).
 */
export const MAX_RESULT_DEPTH = 100_000;

/** A content page's slug: what the API takes, and what a page address may name (ADR 027). */
export const CONTENT_SLUG = /^[a-z0-9-]{1,64}$/;
