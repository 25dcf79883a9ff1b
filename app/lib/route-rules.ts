import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { RouteRules } from "#contract/routing.ts";
import { type ApiClient, ApiError, unwrap } from "./api-client.ts";
import { isServiceUnavailable } from "./service-unavailable.ts";

/**
 * Applies the server's rules for a path before a layout renders: a redirect (an external one is a full
 * page load, which React Router does for absolute URLs), or the service-unavailable screen when the API
 * is in maintenance.
 */
export async function applyRouteRules(api: ApiClient, request: Request): Promise<void> {
  const url = new URL(request.url);
  let rules: RouteRules;
  try {
    rules = await unwrap(api.v1["route-rules"].$get({ query: { path: url.pathname } }));
  } catch (error) {
    // The server's API client throws the 503 route response itself (service-unavailable.ts).
    if (isServiceUnavailable(error) && !(error instanceof ApiError)) throw error;
    if (error instanceof ApiError && error.status === 503)
      throw data({ message: error.message }, { status: 503 });
    // Rules are an optimisation of old links; a failed lookup must not take the page down.
    return;
  }
  if (rules.redirect) {
    const target = rules.redirect.external
      ? rules.redirect.location
      : `${rules.redirect.location}${url.search}`;
    throw redirect(target, 301);
  }
}

/** Layouts ask for rules on every path change, not only when their own params change. */
export function revalidateOnPathChange({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}
