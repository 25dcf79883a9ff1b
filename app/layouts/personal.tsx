import { data, Outlet, redirect } from "react-router";
import { ApiError, unwrap } from "#app/lib/api-client.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { refuseMalformedUrl } from "#app/lib/page.ts";
import { rendersForEveryone, signInRedirect } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { applyRouteRules, revalidateOnPathChange } from "#app/lib/route-rules.ts";
import type { Route } from "./+types/personal";
import { PersonalMenu } from "./personal-menu.tsx";
import { Shell } from "./shell.tsx";

/** Its screens use the personal layout; each declares its own (personal) cache policy. */
export const handle: RouteHandle = { layout: "personal" };

/**
 * The spec's redirect-personal middleware: personal pages belong to a signed-in shopper. Without a live
 * session the API answers 401 and the shopper is sent to sign in, to come back to this very path with its
 * query (`/auth?redirectTo=…`). The API's answer also clears a dead session's cookies (they reach the
 * browser with the redirect).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  refuseMalformedUrl(request);
  const api = serverApi(context);
  await applyRouteRules(api, request);
  // A kept shell (ADR 072) is served only to requests with a session cookie; a dead session's first
  // read in the browser answers 401, which sends the shopper to sign in from there.
  if (rendersForEveryone(context)) return { profile: null };
  try {
    return { profile: await unwrap(api.v1.user.profile.$get()) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(request), 302);
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const shouldRevalidate = revalidateOnPathChange;

export default function PersonalLayout() {
  return (
    <Shell aside={<PersonalMenu />}>
      <Outlet />
    </Shell>
  );
}
