import { useEffect, useState } from "react";
import { useLocation } from "react-router";

// «Показать ещё» pages a listing loaded, kept per history entry (issue 22, point 4): the back button from a
// product brings the listing back with every page the shopper had loaded, so the scroll position React
// Router's <ScrollRestoration> restores lands on the card they came from. The pages' products are still in
// the query cache, so they render at once.

const STORAGE_KEY = "vitrina:listing-pages";
/** History entries remembered: older ones are forgotten first. */
const KEPT_ENTRIES = 30;

type Kept = Record<string, number[]>;

function read(): Kept {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Kept) : {};
  } catch {
    return {};
  }
}

/** The pages kept for the history entry `key` (valid page numbers only). */
export function keptPages(key: string): number[] {
  const pages = read()[key];
  return Array.isArray(pages) ? pages.filter((p) => Number.isInteger(p) && p > 1 && p < 1000) : [];
}

export function keepPages(key: string, pages: readonly number[]): void {
  try {
    const kept = read();
    delete kept[key];
    if (pages.length > 0) kept[key] = [...pages];
    const keys = Object.keys(kept);
    for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_ENTRIES))) delete kept[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or denied (a private window): the listing simply starts at its page again.
  }
}

/** Set once the first listing has hydrated: later mounts are client navigations, which may restore. */
let hydrated = false;

/**
 * The extra pages shown below the listing's page, and their setter. Restored for a history entry the
 * shopper comes back to; empty on the server and at hydration (so the markup matches).
 */
export function useKeptPages(): [number[], (pages: number[]) => void] {
  const { key } = useLocation();
  const [pages, setPages] = useState<number[]>(() => (hydrated ? keptPages(key) : []));
  useEffect(() => {
    hydrated = true;
  }, []);
  useEffect(() => {
    keepPages(key, pages);
  }, [key, pages]);
  return [pages, setPages];
}
