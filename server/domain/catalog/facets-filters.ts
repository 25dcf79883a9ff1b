import { MAX_FILTER_VALUES, type PropertyFilterParams, splitListParam } from "#contract/catalog.ts";
import type { FieldIssue } from "#server/errors.ts";

export type PropertyKind = "enum" | "number" | "boolean";

/** One row of `category_properties` in the listed subtree. */
export interface CategoryPropertyRow {
  id: number;
  categoryId: number;
  code: string;
  name: string;
  kind: PropertyKind;
  unit: string | null;
  position: number;
}

/**
 * One facet: a property code as the shopper sees it. Leaves define their own properties, so a branch
 * merges those with the same code, kind and unit ("Цвет" of phones and of tablets is one facet).
 */
export interface PropertyGroup {
  code: string;
  name: string;
  kind: PropertyKind;
  unit: string | null;
  /** The property's id in every category of the subtree that has it. */
  propertyIds: number[];
  /** How many categories carry it: a branch lists its most widely shared properties first. */
  categories: number;
}

export type PropertyFilter =
  | { code: string; kind: "enum" | "boolean"; propertyIds: number[]; values: string[] }
  | { code: string; kind: "number"; propertyIds: number[]; min: number | null; max: number | null };

/** Every filter resolved to ids; what the repository turns into SQL. Absent = not filtering. */
export interface ListingFilter {
  /** The category and its subtree; undefined lists the whole catalogue. */
  categoryIds?: number[] | undefined;
  /** An empty list matches nothing (every requested code was unknown). */
  brandIds?: number[] | undefined;
  sellerIds?: number[] | undefined;
  /** Kopecks, inclusive. */
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  inStock: boolean;
  cashback: boolean;
  /** Only products of the "Топ-выгода" promotion. */
  topProfit: boolean;
  /** Compared with the rating as the card shows it (rounded to one decimal). */
  ratingMin?: number | undefined;
  properties: PropertyFilter[];
  /**
   * Facets only: filters that make the page (a brand's own page), applied to every count; their own
   * facet and their "without" counts are not computed.
   */
  within?: readonly ("brand" | "seller")[] | undefined;
}

/** The keys that name an active filter in `without` counts and suggestions. */
export type FilterKey =
  | "brand"
  | "seller"
  | "price"
  | "inStock"
  | "cashback"
  | "topProfit"
  | "rating"
  | `p.${string}`;

export function activeFilterKeys(filter: ListingFilter): FilterKey[] {
  const keys: FilterKey[] = [];
  if (filter.brandIds) keys.push("brand");
  if (filter.sellerIds) keys.push("seller");
  if (filter.priceMin !== undefined || filter.priceMax !== undefined) keys.push("price");
  if (filter.inStock) keys.push("inStock");
  if (filter.cashback) keys.push("cashback");
  if (filter.topProfit) keys.push("topProfit");
  if (filter.ratingMin !== undefined) keys.push("rating");
  for (const p of filter.properties) keys.push(`p.${p.code}`);
  return keys;
}

/**
 * Merges the subtree's properties into facets. A code used with different kinds or units in different
 * leaves ("Вес" in кг for dumbbells and in г for cheese) would make `p.weight=1-2` mean two things, so
 * only the variant carried by most categories keeps the code; ties go to the oldest property.
 * Order: most widely shared first, then the leaves' own order.
 */
export function groupProperties(rows: readonly CategoryPropertyRow[]): PropertyGroup[] {
  const byCode = new Map<string, Map<string, CategoryPropertyRow[]>>();
  for (const row of rows) {
    const variants = byCode.get(row.code) ?? new Map<string, CategoryPropertyRow[]>();
    byCode.set(row.code, variants);
    const variant = `${row.kind}|${row.unit ?? ""}`;
    variants.set(variant, [...(variants.get(variant) ?? []), row]);
  }
  const groups: (PropertyGroup & { position: number; firstId: number })[] = [];
  for (const [code, variants] of byCode) {
    const chosen = [...variants.values()]
      .map((list) => [...list].sort((a, b) => a.id - b.id))
      .sort((a, b) => b.length - a.length || (a[0]?.id ?? 0) - (b[0]?.id ?? 0))[0];
    const first = chosen?.[0];
    if (!chosen || !first) continue;
    groups.push({
      code,
      name: mostCommon(chosen.map((r) => r.name)),
      kind: first.kind,
      unit: first.unit,
      propertyIds: chosen.map((r) => r.id),
      categories: new Set(chosen.map((r) => r.categoryId)).size,
      position: Math.min(...chosen.map((r) => r.position)),
      firstId: first.id,
    });
  }
  groups.sort((a, b) => b.categories - a.categories || a.position - b.position || a.firstId - b.firstId);
  return groups.map(({ position: _p, firstId: _f, ...group }) => group);
}

function mostCommon(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  let best = names[0] ?? "";
  for (const [name, count] of counts) if (count > (counts.get(best) ?? 0)) best = name;
  return best;
}

const PROPERTY_PARAM = /^p\.(.+)$/;

/** The `p.<code>` parameters of a query string (`c.req.queries()`), by code. */
export function extractPropertyParams(queries: Record<string, string[] | undefined>): PropertyFilterParams {
  const out: PropertyFilterParams = {};
  for (const [key, values] of Object.entries(queries)) {
    const code = PROPERTY_PARAM.exec(key)?.[1];
    if (code !== undefined && values) out[code] = [...(out[code] ?? []), ...values];
  }
  return out;
}

const YES = new Set(["да", "1", "true"]);
const NO = new Set(["нет", "0", "false"]);
const NUMBER = String.raw`-?\d+(?:[.,]\d+)?`;
const RANGE = new RegExp(String.raw`^\s*(${NUMBER})?\s*-\s*(${NUMBER})?\s*$`);
const SINGLE = new RegExp(String.raw`^\s*(${NUMBER})\s*$`);
/** Most property filters one request may carry. */
export const MAX_PROPERTY_FILTERS = 20;

/** An enum filter before its values are split: commas also occur inside values ("1,5%"). */
export interface PendingEnumFilter {
  code: string;
  propertyIds: number[];
  raw: string[];
}

export interface ParsedPropertyParams {
  /** Number and yes/no filters, ready. */
  filters: PropertyFilter[];
  /** Enum filters whose values still need splitting (see `splitEnumValues`). */
  enums: PendingEnumFilter[];
  issues: FieldIssue[];
}

function toNumber(text: string | undefined): number | null {
  return text === undefined ? null : Number(text.replace(",", "."));
}

/**
 * The size of the property filters, checked before anything is read: at most MAX_PROPERTY_FILTERS
 * filters, and at most twice MAX_FILTER_VALUES comma-separated pieces in one (a value may contain a comma,
 * "1,5%"; the exact count of values is checked once they are split).
 */
export function boundPropertyParams(params: PropertyFilterParams): FieldIssue[] {
  const codes = Object.keys(params);
  if (codes.length > MAX_PROPERTY_FILTERS)
    return [{ field: "query.p", message: `Не больше ${MAX_PROPERTY_FILTERS} фильтров по свойствам` }];
  const issues: FieldIssue[] = [];
  for (const code of codes) {
    const pieces = (params[code] ?? []).reduce((n, r) => n + r.split(",").length, 0);
    if (pieces > MAX_FILTER_VALUES * 2)
      issues.push({ field: `query.p.${code}`, message: `Не больше ${MAX_FILTER_VALUES} значений` });
  }
  return issues;
}

/**
 * Checks `p.<code>` parameters against the listed category's properties: an unknown code, a malformed
 * range or a yes/no value that is neither is a field issue (`query.p.<code>`).
 */
export function parsePropertyParams(
  params: PropertyFilterParams,
  groups: readonly PropertyGroup[],
  hasCategory: boolean,
): ParsedPropertyParams {
  const byCode = new Map(groups.map((g) => [g.code, g]));
  const result: ParsedPropertyParams = { filters: [], enums: [], issues: [] };
  for (const code of Object.keys(params)) {
    const raw = params[code] ?? [];
    const field = `query.p.${code}`;
    const group = byCode.get(code);
    if (!group) {
      result.issues.push({
        field,
        message: hasCategory
          ? "У товаров этой категории нет такого свойства"
          : "Фильтр по свойствам работает только внутри категории",
      });
      continue;
    }
    if (group.kind === "number") {
      const text = raw.length === 1 ? (raw[0] ?? "") : "";
      const range = RANGE.exec(text);
      const single = SINGLE.exec(text);
      const min = range ? toNumber(range[1]) : single ? toNumber(single[1]) : null;
      const max = range ? toNumber(range[2]) : single ? toNumber(single[1]) : null;
      if ((!range && !single) || (min === null && max === null)) {
        result.issues.push({ field, message: "Ожидается диапазон «от-до», например 6.1-6.7" });
      } else if (min !== null && max !== null && min > max) {
        result.issues.push({ field, message: "Начало диапазона больше конца" });
      } else {
        result.filters.push({ code, kind: "number", propertyIds: group.propertyIds, min, max });
      }
      continue;
    }
    if (group.kind === "boolean") {
      const values = new Set<string>();
      for (const item of splitListParam(raw)) {
        const v = item.toLowerCase();
        if (YES.has(v)) values.add("да");
        else if (NO.has(v)) values.add("нет");
        else {
          result.issues.push({ field, message: "Ожидается «да» или «нет»" });
          values.clear();
          break;
        }
      }
      if (values.size > 0)
        result.filters.push({ code, kind: "boolean", propertyIds: group.propertyIds, values: [...values] });
      continue;
    }
    if (raw.some((r) => r.trim() !== "")) result.enums.push({ code, propertyIds: group.propertyIds, raw });
  }
  return result;
}

/**
 * Splits enum filter values at commas, except where adjacent pieces joined are one of the property's
 * values that contain a comma: with the sizes "42" and "44" and the fat content "1,5%", `42,44` is two
 * values and `1,5%,3,2%` is two as well. `commaValues` are those values (others may be in it too: they
 * never match a run of two or more pieces). Longest match first, left to right; each piece is looked at
 * once per distinct comma count of the known values, so the work grows linearly with the input.
 */
export function splitEnumValues(raw: readonly string[], commaValues: ReadonlySet<string>): string[] {
  const spans = [...new Set([...commaValues].map((v) => v.split(",").length))]
    .filter((n) => n > 1)
    .sort((a, b) => b - a);
  const values = new Set<string>();
  for (const text of raw) {
    const pieces = text.split(",");
    let i = 0;
    while (i < pieces.length) {
      const span =
        spans.find(
          (n) =>
            i + n <= pieces.length &&
            commaValues.has(
              pieces
                .slice(i, i + n)
                .join(",")
                .trim(),
            ),
        ) ?? 1;
      const value = pieces
        .slice(i, i + span)
        .join(",")
        .trim();
      if (value !== "") values.add(value);
      i += span;
    }
  }
  return [...values];
}
