import { validator } from "hono/validator";
import type { z } from "zod";
import "#contract/zod-locale.ts";
import { AppError } from "#server/errors.ts";

type Target = "query" | "param" | "json";

/**
 * Hono validator backed by a zod schema: the parsed, typed value is `c.req.valid(target)`; a failure is
 * an AppError("validation") listing every offending field, mapped to 400 by the one error handler.
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success)
      throw AppError.fromZod(
        result.error,
        target === "param" ? "path" : target === "json" ? "body" : "query",
      );
    return result.data as z.output<S>;
  });
}
