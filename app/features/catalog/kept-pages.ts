import { useKeptState } from "#app/lib/keep-alive.ts";

// «Показать ещё» pages a listing loaded, kept per history entry (issue 22, point 4): the back button from a
// product brings the listing back with every page the shopper had loaded, so the scroll position React
// Router's <ScrollRestoration> restores lands on the card they came from. The pages' products are still in
// the query cache, so they render at once. Kept by the listing routes' keepAlive meta (app/lib/keep-alive.ts,
// ADR 068): a route without it starts at its page again.

/** The kept value if it is a list of valid page numbers, else nothing (start afresh). */
export function parseKeptPages(kept: unknown): number[] | undefined {
  if (!Array.isArray(kept)) return undefined;
  return kept.filter((p): p is number => Number.isInteger(p) && p > 1 && p < 1000);
}

const NONE: number[] = [];

/**
 * The extra pages shown below the listing's page, and their setter. Restored for a history entry the
 * shopper comes back to; empty on the server and at hydration (so the markup matches).
 */
export function useKeptPages(): [number[], (pages: number[]) => void] {
  return useKeptState("listing-pages", NONE, parseKeptPages);
}
