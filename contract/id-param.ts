import { z } from "zod";
import { CANONICAL_ID, MAX_ID } from "./numeric-id.ts";

/**
 * A path or query parameter holding an id: the canonical spelling of 1 … `max` (a number passes as
 * itself, for callers that hold one); anything else fails with `error`. Documented as an integer.
 */
export function idParam(error: string, max = MAX_ID) {
  return z.preprocess(
    (value) => (typeof value === "string" && !CANONICAL_ID.test(value) ? Number.NaN : value),
    z.coerce.number({ error }).int({ error }).positive({ error }).max(max, { error }),
  );
}

/**
 * A query parameter listing up to `limit` product ids, comma-separated (`ids=1,2,3`), repeats dropped.
 * Each is 1 … MAX_ID: beyond a PostgreSQL integer no product exists, and the database would refuse to
 * compare the number (a 500, found by the API fuzz as a signed-in shopper). Anything else fails with the
 * message naming the form.
 */
export function productIdsQuery(limit = 100) {
  const error = `Перечислите до ${limit} товаров через запятую: ids=1,2,3`;
  return z
    .string({ error })
    .regex(new RegExp(`^\\d{1,12}(,\\d{1,12}){0,${limit - 1}}$`), { error })
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), { error })
    .describe(`id товаров через запятую, до ${limit}`);
}
