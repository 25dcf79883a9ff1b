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
