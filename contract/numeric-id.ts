/**
 * Numeric ids in URLs (ADR 026). An id has one spelling: decimal digits without a sign, leading zeros,
 * spaces, a fraction, an exponent or a hex prefix. JavaScript's Number() reads `1e3`, `+1000`, `01000`,
 * ` 1000`, `1000.0` and `0x3e8` all as 1000, so each would otherwise be another address of the same page
 * (a duplicate for search engines, another key for every cache).
 */

/** The largest PostgreSQL `integer`: the catalogue's serial ids. */
export const MAX_ID = 2_147_483_647;

/**
 * The largest id of a `bigint` identity row (addresses, recipients): 12 digits leave room for a long
 * life and stay safe integers.
 */
export const MAX_ROW_ID = 999_999_999_999;

/** Canonical decimal, at most 16 digits (beyond that no id is a safe integer); the range is checked apart. */
export const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/** The id a URL segment spells canonically within 1 … `max`, else undefined. */
export function canonicalId(segment: string, max = MAX_ID): number | undefined {
  if (!CANONICAL_ID.test(segment)) return undefined;
  const id = Number(segment);
  return id <= max ? id : undefined;
}
