import type { City } from "#contract/geo.ts";

/** How many of the largest cities the city page offers before anything is typed. */
export const POPULAR_CITIES_COUNT = 12;

/** The line under a city's name: its region, or what Moscow and Saint Petersburg are instead of one. */
export function regionLabel(city: Pick<City, "name" | "region">): string {
  return city.region === city.name ? "Город федерального значения" : city.region;
}
