import type { Hook } from "@hono/zod-openapi";
import { validator } from "hono/validator";
import type { z } from "zod";
import { findUnsafeText } from "#contract/input-text.ts";
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
  refuseUnsafeText(result.data, WHERE[result.target] ?? result.target);
};

/**
 * What passed the schema is what reaches the services: a string in it with NUL (PostgreSQL refuses it in
 * text), another control character or a broken surrogate pair is a 400 here, not a failed query later
 * (ADR 027). A schema that cleans such text itself (recent searches) has done so by now.
 */
function refuseUnsafeText(data: unknown, where: string) {
  const field = findUnsafeText(data, where);
  if (field) {
    throw new AppError("validation", "Некорректные параметры запроса", {
      code: "invalid_parameters",
      fields: [{ field, message: "Недопустимые символы" }],
    });
  }
}

type Target = "query" | "param" | "json";

/**
 * The same rule for a plain Hono route (outside the API's routers): the parsed, typed value is
 * `c.req.valid(target)`; a failure is the same AppError("validation").
 */
export function validate<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw AppError.fromZod(result.error, WHERE[target] ?? target);
    refuseUnsafeText(result.data, WHERE[target] ?? target);
    return result.data as z.output<S>;
  });
}
