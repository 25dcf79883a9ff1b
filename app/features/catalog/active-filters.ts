import type { ProductFacets } from "#contract/catalog.ts";
import { formatNumber } from "#contract/format.ts";
import { type ListingState, setFilter, toggleValue } from "./listing-params.ts";

// The chips row of a listing on a phone (issue 22, point 4): quick filters one tap away, and every active
// filter as a chip of its own that removes just it.

export interface FilterChip {
  /** Stable within the row: the URL parameter and, for a multi-value one, the value. */
  id: string;
  label: string;
  /** The listing without this filter (an active chip), or with it (a quick one). */
  next: ListingState;
}

/** Quick filters: the ones shoppers tap most, shown while they would change the list and are not set. */
export function quickFilterChips(state: ListingState, facets: ProductFacets | undefined): FilterChip[] {
  const f = state.filters;
  const chips: FilterChip[] = [];
  const total = facets?.total ?? 0;
  const offers = (count: number | undefined) => count !== undefined && count > 0 && count < total;
  if (!f.inStock && offers(facets?.inStock)) {
    chips.push({ id: "inStock", label: "В наличии", next: setFilter(state, "inStock", "1") });
  }
  const rating = facets?.ratings.find((r) => r.min === 4);
  if (!f.ratingMin && rating && offers(rating.count)) {
    chips.push({ id: "ratingMin", label: "Рейтинг 4+", next: setFilter(state, "ratingMin", "4") });
  }
  if (!f.cashback && offers(facets?.cashback)) {
    chips.push({ id: "cashback", label: "С кешбэком", next: setFilter(state, "cashback", "1") });
  }
  return chips;
}

const rub = (kopecksOrRub: string) => `${formatNumber(Number(kopecksOrRub))} ₽`;

/** Every active filter as a removable chip, named as the filters name it. */
export function activeFilterChips(state: ListingState, facets: ProductFacets | undefined): FilterChip[] {
  const chips: FilterChip[] = [];
  const f = state.filters;
  const nameOf = (options: ProductFacets["brands"] | undefined, code: string) =>
    options?.find((o) => o.code === code)?.name ?? code;
  for (const [key, value] of Object.entries(f)) {
    if (key === "priceMin" || key === "priceMax") continue;
    if (key === "brand" || key === "seller") {
      for (const code of value.split(",").filter(Boolean)) {
        chips.push({
          id: `${key}:${code}`,
          label: nameOf(key === "brand" ? facets?.brands : facets?.sellers, code),
          next: toggleValue(state, key, code),
        });
      }
      continue;
    }
    const flags: Record<string, string> = {
      inStock: "В наличии",
      cashback: "С кешбэком",
      topProfit: "Топ-выгода",
    };
    if (key in flags) {
      chips.push({ id: key, label: flags[key] as string, next: setFilter(state, key, undefined) });
      continue;
    }
    if (key === "ratingMin") {
      chips.push({ id: key, label: `Рейтинг от ${value}`, next: setFilter(state, key, undefined) });
      continue;
    }
    if (key.startsWith("p.")) {
      const property = facets?.properties.find((p) => `p.${p.code}` === key);
      const name = property?.name ?? key.slice(2);
      if (property?.kind === "number" || /^[\d.]*-[\d.]*$/.test(value)) {
        const [min = "", max = ""] = value.split("-");
        const unit = property?.unit ? ` ${property.unit}` : "";
        const range = min && max ? `${min}–${max}` : min ? `от ${min}` : `до ${max}`;
        chips.push({ id: key, label: `${name}: ${range}${unit}`, next: setFilter(state, key, undefined) });
        continue;
      }
      for (const v of value.split(",").filter(Boolean)) {
        chips.push({ id: `${key}:${v}`, label: v, next: toggleValue(state, key, v) });
      }
    }
  }
  if (f.priceMin || f.priceMax) {
    const label =
      f.priceMin && f.priceMax
        ? `${rub(f.priceMin)} – ${rub(f.priceMax)}`
        : f.priceMin
          ? `от ${rub(f.priceMin)}`
          : `до ${rub(f.priceMax as string)}`;
    chips.push({
      id: "price",
      label: `Цена: ${label}`,
      next: setFilter(setFilter(state, "priceMin", undefined), "priceMax", undefined),
    });
  }
  return chips;
}
