import { isRouteErrorResponse } from "react-router";
import { formatCount } from "#contract/format.ts";

export interface ScreenError {
  status: number;
  statusMessage: string;
  message: string;
  fatal: boolean;
}

/**
 * The status an error screen is chosen by: a route response's status, or a numeric `status` /
 * `statusCode` on the error; anything missing or non-numeric counts as 500.
 */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === "object") {
    for (const key of ["status", "statusCode"] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === "number" && Number.isInteger(value) && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

/** A rendering error (anything that is not a route response) is fatal: 500 / 'error' / 'Internal error'. */
export function toScreenError(error: unknown): ScreenError {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | null;
    const message =
      typeof data === "string" ? data : typeof data?.message === "string" ? data.message : error.statusText;
    return { status: error.status, statusMessage: error.statusText, message, fatal: true };
  }
  const status = errorStatus(error);
  if (status !== 500 || !(error instanceof Error) || "status" in error) {
    const message = error instanceof Error ? error.message : "Internal error";
    return { status, statusMessage: "error", message, fatal: true };
  }
  return { status: 500, statusMessage: "error", message: "Internal error", fatal: true };
}

/**
 * Whether this visitor sees the error screen of `status`. A crawler is shown none for our own failure (a
 * 5xx but the announced 503, whose screen is the maintenance notice): the error is only logged and the
 * answer keeps its status, so the engine keeps its copy and comes back instead of indexing an error page.
 * Answers about the address itself (404, 401, 405, 503) keep their screens for everyone.
 */
export function showsErrorScreen(status: number, crawler: boolean): boolean {
  return !(crawler && status >= 500 && status !== 503);
}

/** Russian humanised duration, as moment's `humanize()` words it ("час", "2 часа", "несколько секунд"). */
export function humanizeDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(seconds / 3600);
  const days = Math.round(seconds / 86400);
  if (seconds < 45) return "несколько секунд";
  if (seconds < 90) return "минута";
  if (minutes < 45) return formatCount(minutes, "минута", "минуты", "минут");
  if (minutes < 90) return "час";
  if (hours < 22) return formatCount(hours, "час", "часа", "часов");
  if (hours < 36) return "день";
  return formatCount(days, "день", "дня", "дней");
}
