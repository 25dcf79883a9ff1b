import type { City } from "#contract/geo.ts";

/** How many of the largest cities the city page offers before anything is typed. */
export const POPULAR_CITIES_COUNT = 12;

export type ListboxKey = "ArrowDown" | "ArrowUp" | "Home" | "End";

/**
 * The option that becomes active after a navigation key in a listbox of `ids`: arrows step and wrap
 * around, Home and End jump to the ends. An active id no longer in the list counts as none.
 */
export function nextActiveId(
  ids: readonly number[],
  activeId: number | null,
  key: ListboxKey,
): number | null {
  if (ids.length === 0) return null;
  const last = ids.length - 1;
  const index = activeId === null ? -1 : ids.indexOf(activeId);
  switch (key) {
    case "Home":
      return ids[0]!;
    case "End":
      return ids[last]!;
    case "ArrowDown":
      return ids[index === -1 || index === last ? 0 : index + 1]!;
    case "ArrowUp":
      return ids[index <= 0 ? last : index - 1]!;
  }
}

/** The line under a city's name: its region, or what Moscow and Saint Petersburg are instead of one. */
export function regionLabel(city: Pick<City, "name" | "region">): string {
  return city.region === city.name ? "Город федерального значения" : city.region;
}
