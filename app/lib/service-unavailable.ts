import { data } from "react-router";
import { ApiError } from "./api-client.ts";

/**
 * An API answer of 503 (the database is away, planned works) ends a server render with the spec's 503
 * screen and status. The loaders' API client (loader-queries.ts) throws it as a route response instead of
 * the ApiError: in production React Router replaces any thrown Error by a bare "Unexpected Server Error",
 * so the page would answer 500 with the generic screen.
 */
export function unavailableAsRouteResponse(error: ApiError): unknown {
  if (error.status !== 503) return error;
  return data({ message: error.message }, { status: 503, statusText: "Service Unavailable" });
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
