import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { databaseAppError } from "#server/db/database-errors.ts";
import { AppError, toErrorBody } from "#server/errors.ts";
import type { Logger } from "#server/logger.ts";

/** Hono's own exceptions (a body that is not JSON, say) expressed as our errors. */
function fromHttpException(error: HTTPException): AppError {
  if (error.status === 400)
    return new AppError("validation", "Тело запроса не является корректным JSON", { code: "invalid_json" });
  if (error.status === 404) return new AppError("not_found", "Не найдено");
  if (error.status === 401) return new AppError("unauthorized", "Требуется авторизация");
  // A JSON operation sent form data, text or no content type (the route's media-type gate).
  if (error.status === 415) {
    return new AppError(
      "unsupported_media_type",
      "Тело запроса должно быть в формате JSON (application/json)",
    );
  }
  return new AppError("internal", "Внутренняя ошибка сервера");
}

/**
 * The one place an error becomes an HTTP response: `{ status, code, type, message }` JSON. Server
 * faults are logged with their stack; the client only ever sees the generic message.
 */
export function errorHandler(fallbackLogger: Logger) {
  return (error: Error, c: Context) => {
    // A database that is down or too slow is the service being unavailable, not a bug (ADR 023).
    const databaseError = databaseAppError(error);
    const appError = error instanceof HTTPException ? fromHttpException(error) : (databaseError ?? error);
    const body = toErrorBody(appError);
    const log: Logger = c.get("logger") ?? fallbackLogger;
    if (databaseError) log.warn({ err: error, code: body.code, path: c.req.path }, "database unavailable");
    else if (body.status >= 500) log.error({ err: error }, "unhandled error");
    else log.debug({ code: body.code, path: c.req.path }, "client error");
    if (appError instanceof AppError && appError.retryAfterSeconds !== undefined) {
      c.header("Retry-After", String(Math.max(0, Math.ceil(appError.retryAfterSeconds))));
    }
    return c.json(body, body.status as ContentfulStatusCode);
  };
}
