/**
 * Where a key moves the active root item of the mega-menu's vertical list (ARIA tabs pattern): arrows
 * step and wrap, Home and End jump; undefined for any other key.
 */
export function nextRootIndex(current: number, count: number, key: string): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case "ArrowDown":
      return (current + 1) % count;
    case "ArrowUp":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
