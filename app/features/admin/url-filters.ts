import { addDays } from "#contract/delivery-dates.ts";

// A list's filters live in the address (`/admin?status=paid&from=2026-11-01`), so a link reproduces the
// view. Values go to the API as typed; what it refuses comes back with its Russian message.

export type Filters<N extends string> = Partial<Record<N, string>> & { before?: number };

/** The filters an address names (empty values are no filter); `before` only as a whole positive number. */
export function readFilters<N extends string>(search: URLSearchParams, names: readonly N[]): Filters<N> {
  const filters: Filters<N> = {};
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value as Filters<N>[N];
  }
  const before = search.get("before");
  if (before && /^[1-9]\d{0,14}$/.test(before)) filters.before = Number(before);
  return filters;
}

/** The address's query for the filters, in a fixed order, so equal views have equal links. */
export function filtersSearch<N extends string>(filters: Filters<N>, names: readonly N[]): string {
  const search = new URLSearchParams();
  for (const name of names) {
    const value = filters[name];
    if (value) search.set(name, value);
  }
  if (filters.before) search.set("before", String(filters.before));
  const text = search.toString();
  return text ? `?${text}` : "";
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** The start of a day in Moscow, the shop's calendar. */
const moscowDayStart = (day: string) => `${day}T00:00:00+03:00`;

/** A period of days «с … по …» as the API's bounds: from the first day's start to the end of the last. */
export function periodQuery(from: string | undefined, to: string | undefined) {
  return {
    from: from && isDay(from) ? moscowDayStart(from) : from,
    to: to && isDay(to) ? moscowDayStart(addDays(to, 1)) : to,
  };
}
