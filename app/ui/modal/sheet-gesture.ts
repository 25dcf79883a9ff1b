/** Spec §9: a drag closes the bottom sheet past this fraction of its height… */
export const SWIPE_CLOSE_FRACTION = 0.1;
/** …or when it is a flick: released within this many ms of the touch start. */
export const SWIPE_FLICK_MS = 300;
/**
 * Our addition: a flick must move at least this far. Without it a plain tap on the handle (a couple of
 * pixels of finger jitter, well under 300 ms) would close the sheet.
 */
export const SWIPE_FLICK_MIN_PX = 8;

export interface SheetDrag {
  /** Downward movement in px from the touch start to the release (negative = upward). */
  distance: number;
  /** The sheet's height in px. */
  height: number;
  /** Time from the touch start to the release. */
  durationMs: number;
}

/** Whether releasing a drag of the bottom sheet closes it; otherwise it springs back. */
export function shouldCloseSheet({ distance, height, durationMs }: SheetDrag): boolean {
  if (!(distance > 0)) return false;
  if (height > 0 && distance / height > SWIPE_CLOSE_FRACTION) return true;
  return durationMs < SWIPE_FLICK_MS && distance >= SWIPE_FLICK_MIN_PX;
}

/** How far the sheet follows the finger: fully downwards, not at all upwards (it is already fully open). */
export function sheetOffset(distance: number): number {
  return Math.max(0, distance);
}
