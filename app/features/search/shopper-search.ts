/**
 * Which results pages are searches the shopper made (ADR 010, ADR 026). Only the storefront's own search
 * controls (the search field, a suggested, popular or recent query, «Возможно, вы искали») navigate with
 * this history state; a results page opened any other way (a link from elsewhere, a bookmark, a crawler,
 * a reload, back and forward) is shown but never recorded, so nobody can plant a query in a shopper's
 * history by sending them a link.
 */
export const SHOPPER_SEARCH_STATE = { shopperSearch: true } as const;

export interface ShownSearch {
  /** The `?q=` of the page; readable /search/{words} landing pages have none. */
  q: string | null;
  /** React Router's location state and key, and how the page was reached. */
  state: unknown;
  key: string;
  navigationType: "POP" | "PUSH" | "REPLACE";
}

/** The location key last recorded: re-renders and remounts of one page record nothing more. */
let lastRecordedKey: string | undefined;

/**
 * The query to record for the results page now shown, or undefined: only a fresh navigation (not
 * back, forward or a document load, which React Router reports as POP) made by our search controls,
 * and only once per navigation.
 */
export function searchToRecord(shown: ShownSearch): string | undefined {
  if (!shown.q || shown.navigationType === "POP") return undefined;
  const state = shown.state as { shopperSearch?: unknown } | null | undefined;
  if (state?.shopperSearch !== true || shown.key === lastRecordedKey) return undefined;
  lastRecordedKey = shown.key;
  return shown.q;
}
