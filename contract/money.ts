/**
 * Money and bonus points as types of their own (issue 19, point 11; ADR 046). Both are whole numbers at
 * run time; the brand only exists for the compiler, so a sum in roubles, a count of goods or a number of
 * points cannot be passed where kopecks are expected (and the other way round) without saying so.
 *
 * Make one with `kopecks(n)` / `points(n)` (checked: a whole, safe number) where a plain number enters
 * (a database row, a sum just computed); API answers carry them already branded through the contract's
 * schemas. Arithmetic on them gives plain numbers again: brand the result where it becomes money again.
 */

/** An amount of money in kopecks (1 ₽ = 100 kopecks), always a whole number. */
export type Kopecks = number & { readonly __brand: "Kopecks" };

/** Bonus points, always a whole number; 1 point pays 1 ₽. */
export type Points = number & { readonly __brand: "Points" };

function whole(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
  return value;
}

/** A whole number of kopecks as `Kopecks`; throws on a fraction (roubles passed by mistake, 129.9). */
export function kopecks(value: number): Kopecks {
  return whole(value, "Kopecks") as Kopecks;
}

/** A whole number of points as `Points`; throws on a fraction. */
export function points(value: number): Points {
  return whole(value, "Points") as Points;
}

/** 1 point pays 1 ₽: what `p` points take off a sum. */
export function pointsToKopecks(p: Points): Kopecks {
  return kopecks(p * 100);
}
