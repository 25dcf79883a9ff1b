import { HEADER_HEIGHTS } from "./route-meta.ts";

export interface HeaderState {
  top: number;
  middle: number;
  bottom: number;
}

/** Spec section 3: the header state starts at top 0, middle 80, bottom 70. */
export const INITIAL_HEADER_STATE: HeaderState = {
  top: HEADER_HEIGHTS.top,
  middle: HEADER_HEIGHTS.middle,
  bottom: HEADER_HEIGHTS.bottom,
};

/**
 * The height sticky elements (filters, the buy box) offset themselves by: the bars actually shown, or
 * the default 44 px before anything has been measured.
 */
export function headerHeight(
  state: HeaderState | undefined,
  visible: { top: boolean; middle: boolean; bottom: boolean },
): number {
  if (!state) return HEADER_HEIGHTS.default;
  return (
    (visible.top ? state.top : 0) + (visible.middle ? state.middle : 0) + (visible.bottom ? state.bottom : 0)
  );
}
