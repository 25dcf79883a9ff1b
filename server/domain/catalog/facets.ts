import type { EmptyListing, ProductFacets, PropertyFacet } from "#contract/catalog.ts";
import { formatCount } from "#contract/format.ts";
import { kopecks } from "#contract/money.ts";
import type { FilterKey, ListingFilter, PropertyGroup } from "./facets-filters.ts";

/** "От 4,5", "от 4", "от 3": the rating steps a shopper picks from. */
export const RATING_STEPS = [4.5, 4, 3] as const;

/**
 * The stored rating a product needs for its card to show at least `min` (cards round to one decimal):
 * "from 4" keeps a 3.95 that reads 4,0. Compared in `real`, the column's own type, so the test matches
 * the card exactly without rounding every row in SQL.
 */
export function ratingThreshold(min: number): number {
  return (Math.ceil(Math.round(min * 1000) / 100) - 0.5) / 10;
}

/**
 * One row of the facet query. `stat` rows carry totals keyed `total`, `price`, `inStock`, `cashback`,
 * `topProfit`, `rating:<min>` and `without:<filter key>`; `brand`/`seller` rows a code and a name;
 * `prop` rows a property id and a value (null for number properties, which carry their range in lo/hi).
 */
export interface FacetRow {
  facet: "stat" | "brand" | "seller" | "prop";
  key: string;
  label: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
}

/** What the shopper selected, in the terms the response uses. */
export interface FacetSelection {
  brands: readonly { code: string; name: string }[];
  sellers: readonly { code: string; name: string }[];
  ratingMin?: number | undefined;
}

const collator = new Intl.Collator("ru", { numeric: true, sensitivity: "base" });

/** Units whose values are compared at one scale: 512 ГБ < 1 ТБ, 900 г < 1 кг. */
const UNIT_SCALE: Record<string, number> = {
  кб: 1 / 1024,
  мб: 1,
  гб: 1024,
  тб: 1024 * 1024,
  мг: 0.001,
  г: 1,
  кг: 1000,
  мл: 1,
  л: 1000,
  мм: 1,
  см: 10,
  м: 1000,
};
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "4XL", "5XL"];
const LETTER_SIZE = /^(XXS|XS|S|M|L|XL|XXL|XXXL|2XL|3XL|4XL|5XL)(?=$|[\s(/,])/i;
const LEADING = /^(\d+(?:[.,]\d+)?)\s*([a-zа-яё]+)?/i;

function letterRank(value: string): number | undefined {
  const m = LETTER_SIZE.exec(value.trim());
  if (!m?.[1]) return undefined;
  const size = m[1].toUpperCase().replace(/^2XL$/, "XXL").replace(/^3XL$/, "XXXL");
  return LETTER_SIZES.indexOf(size);
}

function leadingMagnitude(value: string): number | undefined {
  const m = LEADING.exec(value.trim());
  if (!m?.[1]) return undefined;
  const n = Number(m[1].replace(",", "."));
  return n * (UNIT_SCALE[(m[2] ?? "").toLowerCase()] ?? 1);
}

/**
 * Natural order for sizes and numbers written as text: 42 < 44 < 128, 512 ГБ < 1 ТБ, S < M < XL,
 * 1,5-спальный < 2-спальный < евро; values without a number follow in alphabetical order.
 */
export function compareNatural(a: string, b: string): number {
  const la = letterRank(a);
  const lb = letterRank(b);
  if (la !== undefined && lb !== undefined && la !== lb) return la - lb;
  const na = leadingMagnitude(a);
  const nb = leadingMagnitude(b);
  if (na !== undefined && nb !== undefined && na !== nb) return na - nb;
  if ((na === undefined) !== (nb === undefined)) return na === undefined ? 1 : -1;
  return collator.compare(a, b);
}

/** Sizes and values that are all numbers read best in natural order; colours and materials by popularity. */
function isNaturallyOrdered(code: string, values: readonly string[]): boolean {
  if (code === "size") return true;
  return (
    values.length > 0 &&
    (values.every((v) => leadingMagnitude(v) !== undefined) ||
      values.every((v) => letterRank(v) !== undefined))
  );
}

export function sortFacetValues<T extends { value: string; count: number }>(
  code: string,
  kind: "enum" | "boolean",
  values: readonly T[],
): T[] {
  if (kind === "boolean")
    return [...values].sort((a, b) => (a.value === "да" ? -1 : b.value === "да" ? 1 : 0));
  if (
    isNaturallyOrdered(
      code,
      values.map((v) => v.value),
    )
  )
    return [...values].sort((a, b) => compareNatural(a.value, b.value));
  return [...values].sort((a, b) => b.count - a.count || collator.compare(a.value, b.value));
}

function sortOptions<T extends { name: string; count: number }>(options: T[]): T[] {
  return options.sort((a, b) => b.count - a.count || collator.compare(a.name, b.name));
}

function options(
  rows: readonly FacetRow[],
  facet: "brand" | "seller",
  selected: readonly { code: string; name: string }[],
) {
  const chosen = new Set(selected.map((s) => s.code));
  const out = rows
    .filter((r) => r.facet === facet)
    .map((r) => ({ code: r.key, name: r.label ?? r.key, count: r.n, selected: chosen.has(r.key) }));
  // A selected option stays in the list even when the other filters leave it nothing, so it can be undone.
  for (const s of selected)
    if (!out.some((o) => o.code === s.code))
      out.push({ code: s.code, name: s.name, count: 0, selected: true });
  return sortOptions(out);
}

export interface AssembleInput {
  groups: readonly PropertyGroup[];
  filter: ListingFilter;
  selection: FacetSelection;
  rows: readonly FacetRow[];
}

/** Turns the facet query's rows into the response (without `empty`, see `explainEmpty`). */
export function assembleFacets({
  groups,
  filter,
  selection,
  rows,
}: AssembleInput): Omit<ProductFacets, "empty"> {
  const stat = new Map(rows.filter((r) => r.facet === "stat").map((r) => [r.key, r]));
  const price = stat.get("price");
  const groupByPropertyId = new Map<number, PropertyGroup>();
  for (const g of groups) for (const id of g.propertyIds) groupByPropertyId.set(id, g);

  const valuesByCode = new Map<string, Map<string, number>>();
  const rangeByCode = new Map<string, { min: number; max: number }>();
  for (const r of rows) {
    if (r.facet !== "prop") continue;
    const group = groupByPropertyId.get(Number(r.key));
    if (!group) continue;
    if (group.kind === "number") {
      if (r.lo === null || r.hi === null) continue;
      const range = rangeByCode.get(group.code);
      rangeByCode.set(group.code, {
        min: Math.min(range?.min ?? r.lo, r.lo),
        max: Math.max(range?.max ?? r.hi, r.hi),
      });
    } else if (r.label !== null) {
      const counts = valuesByCode.get(group.code) ?? new Map<string, number>();
      valuesByCode.set(group.code, counts);
      counts.set(r.label, (counts.get(r.label) ?? 0) + r.n);
    }
  }

  const properties = groups.map((g): PropertyFacet => {
    const active = filter.properties.find((p) => p.code === g.code);
    if (g.kind === "number") {
      return {
        code: g.code,
        name: g.name,
        kind: "number",
        unit: g.unit,
        range: rangeByCode.get(g.code) ?? null,
        selected: active?.kind === "number" ? { min: active.min, max: active.max } : null,
      };
    }
    const chosen = new Set(active && active.kind !== "number" ? active.values : []);
    const counts = new Map(valuesByCode.get(g.code) ?? []);
    for (const value of chosen) if (!counts.has(value)) counts.set(value, 0);
    const values = [...counts].map(([value, count]) => ({ value, count, selected: chosen.has(value) }));
    return {
      code: g.code,
      name: g.name,
      kind: g.kind,
      unit: g.unit,
      values: sortFacetValues(g.code, g.kind, values),
    };
  });

  return {
    total: stat.get("total")?.n ?? 0,
    price:
      price && price.n > 0 && price.lo !== null && price.hi !== null
        ? { min: kopecks(price.lo), max: kopecks(price.hi) }
        : null,
    brands: options(rows, "brand", selection.brands),
    sellers: options(rows, "seller", selection.sellers),
    inStock: stat.get("inStock")?.n ?? 0,
    cashback: stat.get("cashback")?.n ?? 0,
    topProfit: stat.get("topProfit")?.n ?? 0,
    ratings: RATING_STEPS.map((min) => ({
      min,
      count: stat.get(`rating:${min}`)?.n ?? 0,
      selected: selection.ratingMin === min,
    })),
    properties,
  };
}

/** How many products each active filter would add if dropped alone: from the `without:` rows. */
export function withoutCounts(rows: readonly FacetRow[]): Map<FilterKey, number> {
  const out = new Map<FilterKey, number>();
  for (const r of rows)
    if (r.facet === "stat" && r.key.startsWith("without:")) out.set(r.key.slice(8) as FilterKey, r.n);
  return out;
}

const FILTER_NAMES: Record<string, string> = {
  brand: "Бренд",
  seller: "Продавец",
  price: "Цена",
  inStock: "В наличии",
  cashback: "С кешбэком",
  topProfit: "Топ-выгода",
  rating: "Рейтинг",
};

export interface ExplainInput {
  total: number;
  /** The active filters, in the order they were applied. */
  activeKeys: readonly FilterKey[];
  /** Products each filter would show if it were dropped alone (needed only when total is 0). */
  without?: ReadonlyMap<FilterKey, number> | undefined;
  groups: readonly PropertyGroup[];
  page?: number;
  limit?: number;
  hasCategory: boolean;
}

/** Says why a listing came back empty, or undefined when it did not. */
export function explainEmpty(input: ExplainInput): EmptyListing | undefined {
  const { total, activeKeys, page = 1, limit = 1 } = input;
  if (total > 0) {
    const lastPage = Math.ceil(total / limit);
    if (page <= lastPage) return undefined;
    return {
      reason: "page_out_of_range",
      message: `Такой страницы нет: товаров хватает на ${formatCount(lastPage, "страницу", "страницы", "страниц")}.`,
      suggestions: [],
      lastPage,
    };
  }
  if (activeKeys.length === 0) {
    return {
      reason: "category_empty",
      message: input.hasCategory ? "В этой категории пока нет товаров." : "В каталоге пока нет товаров.",
      suggestions: [],
    };
  }
  const names = new Map(input.groups.map((g) => [`p.${g.code}`, g.name]));
  const suggestions = activeKeys
    .map((filter) => ({
      filter,
      name: FILTER_NAMES[filter] ?? names.get(filter) ?? filter,
      total: input.without?.get(filter) ?? 0,
    }))
    .filter((s) => s.total > 0)
    .sort((a, b) => b.total - a.total);
  return {
    reason: "no_matches",
    message:
      suggestions.length > 0
        ? "Нет товаров, подходящих под все выбранные фильтры. Попробуйте убрать один из них."
        : "Нет товаров, подходящих под выбранные фильтры. Попробуйте сбросить фильтры.",
    suggestions,
  };
}
