import { useSyncExternalStore } from "react";

/** Spec §2/§9: the mobile layout applies at viewport width 1200 px or less. */
export const BREAKPOINT_PX = 1200;
export const MOBILE_MEDIA_QUERY = `(max-width: ${BREAKPOINT_PX}px)`;

/** Pure so it can be tested without a browser; `max-width` in CSS is inclusive, and so is this. */
export function isMobileWidth(viewportWidth: number): boolean {
  return viewportWidth <= BREAKPOINT_PX;
}

/**
 * Whether `query` matches. The server cannot know the viewport, so it (and hydration) answers
 * `serverValue`; the browser's answer follows right after hydration, without a mismatch error.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Phone/tablet layout (≤ 1200 px). Use CSS media queries for pure styling; this is for behaviour. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
