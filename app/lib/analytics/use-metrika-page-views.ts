import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type MetrikaTracker, pageViewReporter } from "./yandex-metrika.ts";

/**
 * Counts a page view on every client navigation after the first (initMetrika counts the first). Runs
 * after the new route has committed, so `document.title` is already the new page's.
 */
export function useMetrikaPageViews(tracker: MetrikaTracker | null | undefined): void {
  const { pathname, search } = useLocation();
  const report = useRef<ReturnType<typeof pageViewReporter> | null>(null);
  useEffect(() => {
    report.current ??= pageViewReporter(window.location.origin);
    report.current(tracker, pathname + search, document.title);
  }, [tracker, pathname, search]);
}
