import { data } from "react-router";
import { ApiError } from "./api-client.ts";

/** The answers a render cannot help and must pass on with their status, as the API gave them. */
const PASSED_ON: Readonly<Record<number, string>> = {
  // The API tier's rate limit (ADR 024; with API_ORIGIN the web tier's calls are counted there).
  429: "Too Many Requests",
  // The database is away, planned works.
  503: "Service Unavailable",
};

/**
 * An API answer of 503 ends a server render with the spec's 503 screen and status, and one of 429 with
 * the error screen and 429. The loaders' API client (loader-queries.ts) throws it as a route response
 * instead of the ApiError: in production React Router replaces any thrown Error by a bare "Unexpected
 * Server Error", so the page would answer 500 with the generic screen.
 */
export function unavailableAsRouteResponse(error: ApiError): unknown {
  const statusText = PASSED_ON[error.status];
  if (!statusText) return error;
  return data({ message: error.message }, { status: error.status, statusText });
}

/** Whether `error` is that 503 route response, or an API error of that status. */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 503;
  return (
    !!error &&
    typeof error === "object" &&
    (error as { type?: unknown }).type === "DataWithResponseInit" &&
    (error as { init?: { status?: number } | null }).init?.status === 503
  );
}
