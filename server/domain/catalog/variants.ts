import type { ProductState, VariantProperty } from "#contract/catalog.ts";

/** A product of a model line as the picker needs it: its state and its property values in order. */
export interface SiblingRow {
  id: number;
  state: ProductState;
  /** [code, name, value], in the category's property order. */
  properties: readonly (readonly [string, string, string])[];
}

/** A line never shows more siblings than this (the seed makes 2–4; an operator's line stays readable). */
export const MAX_SIBLINGS = 24;

const UNIT_FACTOR: Readonly<Record<string, number>> = { ГБ: 1, ТБ: 1024, МБ: 1 / 1024 };

/** «512 ГБ» < «1 ТБ», «42» < «44»: the value's size when it is a number with an optional unit. */
export function sizeOf(value: string): number | null {
  const match = /^(\d+(?:[.,]\d+)?)\s*([A-Za-zА-Яа-яЁё]*)$/.exec(value.trim());
  if (!match) return null;
  const n = Number.parseFloat((match[1] ?? "").replace(",", "."));
  const unit = match[2] ?? "";
  if (unit !== "" && UNIT_FACTOR[unit] === undefined) return null;
  return n * (unit === "" ? 1 : (UNIT_FACTOR[unit] as number));
}

/**
 * The variant picker (ADR 065): the properties in which the line's products differ, each value with the
 * product to open for it. For a value of one property, that is the sibling that keeps the most of the
 * current product's other differing values (the same colour when the shopper picks more memory), an
 * available one before a sold-out one, the lowest id last. Sizes and memory read in natural order,
 * colours in the line's own order.
 */
export function variantPicker(currentId: number, siblings: readonly SiblingRow[]): VariantProperty[] {
  const current = siblings.find((s) => s.id === currentId);
  if (!current || siblings.length < 2) return [];
  const valuesOf = new Map(
    siblings.map((s) => [s.id, new Map(s.properties.map(([code, , v]) => [code, v]))]),
  );
  const differing = current.properties.filter(([code]) => {
    const seen = new Set(siblings.map((s) => valuesOf.get(s.id)?.get(code)));
    return seen.size > 1 && !seen.has(undefined);
  });
  const own = valuesOf.get(current.id) as Map<string, string>;
  const available = (s: SiblingRow) => s.state === "in_stock" || s.state === "preorder";

  return differing.map(([code, name]) => {
    const values: string[] = [];
    for (const s of siblings) {
      const v = valuesOf.get(s.id)?.get(code) as string;
      if (!values.includes(v)) values.push(v);
    }
    const sizes = values.map(sizeOf);
    if (sizes.every((n) => n !== null)) values.sort((a, b) => (sizeOf(a) as number) - (sizeOf(b) as number));
    const options = values.map((value) => {
      if (value === own.get(code)) {
        return { value, productId: current.id, current: true, available: available(current) };
      }
      const score = (s: SiblingRow) =>
        differing.filter(([other]) => other !== code && valuesOf.get(s.id)?.get(other) === own.get(other))
          .length;
      const best = siblings
        .filter((s) => valuesOf.get(s.id)?.get(code) === value)
        .sort(
          (a, b) => score(b) - score(a) || Number(available(b)) - Number(available(a)) || a.id - b.id,
        )[0] as SiblingRow;
      return { value, productId: best.id, current: false, available: available(best) };
    });
    return { code, name, options };
  });
}
