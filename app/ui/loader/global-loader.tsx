import { useEffect, useRef } from "react";
import { useMatches, useNavigation } from "react-router";
import {
  decrement,
  increment,
  PAGE_TRANSITION_MS,
  pageLifecycle,
  useGlobalLoading,
} from "#app/lib/loading.ts";
import { metaForMatches } from "#app/lib/route-meta.ts";
import { Spinner } from "../spinner.tsx";

export const PRELOADER_TEXT = "Загружаем… Это занимает больше времени, чем обычно";

/**
 * Counts a router navigation (loaders, lazy route modules) as one global loading operation, and moves
 * the page-loading lifecycle (spec §4): start when it begins, finish once the new page has rendered, with
 * the length of that page's enter transition (the shell reports its end: transition finish).
 */
function useNavigationLoading(enabled: boolean) {
  const navigating = useNavigation().state !== "idle";
  const transition = metaForMatches(useMatches()).transition;
  const started = useRef(false);
  useEffect(() => {
    if (navigating) {
      started.current = true;
      pageLifecycle.start();
    } else if (started.current) {
      started.current = false;
      pageLifecycle.finish(PAGE_TRANSITION_MS[transition]);
    }
  }, [navigating, transition]);
  useEffect(() => {
    if (!enabled || !navigating) return;
    increment();
    return decrement;
  }, [enabled, navigating]);
}

export interface GlobalLoaderProps {
  /** Also show the loader while the router navigates. On by default. */
  trackNavigation?: boolean;
}

/**
 * The page-top progress bar, plus the reassuring text after a long wait. Render once, in the root layout.
 * The status region is always in the DOM: screen readers announce changes to live regions that already
 * exist, not regions inserted together with their text. The bar is drawn for the eye only (a screen reader
 * hears the status), so tests find it by its test id.
 */
export function GlobalLoader({ trackNavigation = true }: GlobalLoaderProps) {
  useNavigationLoading(trackNavigation);
  const { visible, showPreloaderText } = useGlobalLoading();
  return (
    <div className="ui-global-loader" data-visible={visible} data-testid="global-loader">
      {visible && <div className="ui-global-loader__bar" aria-hidden="true" />}
      <div role="status" aria-live="polite" className="ui-global-loader__status">
        {visible && <span className="ui-visually-hidden">Загрузка</span>}
        {showPreloaderText && (
          <p className="ui-global-loader__text">
            <Spinner size="m" />
            <span>{PRELOADER_TEXT}</span>
          </p>
        )}
      </div>
    </div>
  );
}
