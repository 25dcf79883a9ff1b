import type { Hook } from "@hono/zod-openapi";
import { validator } from "hono/validator";
import type { z } from "zod";
import "#contract/zod-locale.ts";
import { AppError } from "#server/errors.ts";

const WHERE: Record<string, string> = {
  param: "path",
  json: "body",
  query: "query",
  cookie: "cookie",
  header: "header",
};

/**
 * The validation hook of every route (OpenAPIHono's defaultHook): a failure becomes AppError("validation")
 * listing every offending field (`query.limit`, `body.query`, `path.id`), mapped to 400 by the one error
 * handler — the same answer, in Russian, whatever the route.
 */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input type.
export const apiHook: Hook<any, any, any, any> = (result) => {
  if (!result.success) throw AppError.fromZod(result.error, WHERE[result.target] ?? result.target);
};

type Target = "query" | "param" | "json";

/**
 * The same rule for a plain Hono route (outside the API's routers): the parsed, typed value is
 * `c.req.valid(target)`; a failure is the same AppError("validation").
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw AppError.fromZod(result.error, WHERE[target] ?? target);
    return result.data as z.output<S>;
  });
}
