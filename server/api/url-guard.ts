import type { MiddlewareHandler } from "hono";
import { findUrlProblem } from "#contract/input-text.ts";
import { AppError } from "#server/errors.ts";

/**
 * The API's door for URLs (ADR 027): a path segment or query value with malformed percent-encoding,
 * bytes that are not UTF-8 or a control character once decoded is a 400 before any route sees it —
 * declared parameters and undeclared ones (`p.<property>` filters) alike. PostgreSQL refuses NUL in
 * text, so such a value used to fail the query (a 500) instead of being refused.
 */
export function urlGuard(): MiddlewareHandler {
  return async (c, next) => {
    const problem = findUrlProblem(c.req.url);
    if (problem) {
      throw new AppError("validation", "Некорректные параметры запроса", {
        code: "invalid_parameters",
        fields: [problem],
      });
    }
    await next();
  };
}
